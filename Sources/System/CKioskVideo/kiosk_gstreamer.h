#ifndef KIOSK_GSTREAMER_H
#define KIOSK_GSTREAMER_H

/* Initialises GStreamer once for the process (video and sound share it); 0 when it cannot be. */
int kiosk_gstreamer_ready(void);

#endif
