#ifndef CKIOSKVIDEO_H
#define CKIOSKVIDEO_H

#include <stddef.h>
#include <stdint.h>

/* A GStreamer pipeline playing one file or URI into memory, video (and, when asked, its audio):
   uridecodebin (whatever decoder GStreamer picks; audio streams are exposed only when an audio
   device is given: then the first plays through audioconvert -> audioresample -> volume -> alsasink,
   whose clock the video follows) -> videocrop -> videoscale -> capsfilter (at most the box's size) -> videoconvert -> appsink taking a format libyuv converts (I420, NV12, YUY2, UYVY, xRGB:
   videoconvert passes a decoder's own output through untouched when it is one of them),
   synchronised to the clip's own clock. Its
   GObject macros stay in C; Swift sees plain integers and pointers. Used from one thread. */
typedef struct kiosk_video kiosk_video;

/* A frame's layout, as the appsink's caps allow. */
#define KIOSK_VIDEO_I420 1
#define KIOSK_VIDEO_NV12 2
#define KIOSK_VIDEO_YUY2 3
#define KIOSK_VIDEO_UYVY 4
#define KIOSK_VIDEO_XRGB 5

/* One decoded frame, mapped until the next pull or close: its planes at `base` + offsets. */
typedef struct kiosk_video_frame {
    int format;
    int width;
    int height;
    const uint8_t *base;
    size_t size;
    size_t offsets[3];
    int strides[3];
} kiosk_video_frame;

#define KIOSK_VIDEO_FRAME 1
#define KIOSK_VIDEO_TIMEOUT 0
#define KIOSK_VIDEO_END (-1)
#define KIOSK_VIDEO_ERROR (-2)
/* The clip's decoded frames are larger than `max_frame_bytes`: refused before it is decoded;
   the frame's width, height and size say the clip's size and the bytes one of its frames takes. */
#define KIOSK_VIDEO_TOO_LARGE (-3)

/* How frames are fitted into the box they are shown in (as the feed's `ImageFit`). */
#define KIOSK_VIDEO_FIT_FILL 0
#define KIOSK_VIDEO_FIT_CONTAIN 1
#define KIOSK_VIDEO_FIT_COVER 2
#define KIOSK_VIDEO_FIT_CENTER 3

/* Builds the pipeline for `uri` and starts it; NULL with a message in `error` when GStreamer cannot.
   Frames are decoded at most at the size the box of `box_width` x `box_height` needs for `fit`
   (videoscale, or videocrop for `center`; never enlarged); a box of 0 x 0 keeps the clip's size.
   A clip one of whose decoded frames takes more than `max_frame_bytes` (0: no limit) is refused
   once its size is known, before the decoder is plugged in: the pull answers KIOSK_VIDEO_TOO_LARGE.
   `audio_device` (an ALSA device) plays the clip's audio track at `volume` (0...1); NULL: silent, no
   audio decoded. A clip without audio plays as without. A device that cannot be opened (missing,
   busy) does not fail the clip: its audio goes to a fakesink, and why is in `audio_problem`
   (empty when the device opened). */
kiosk_video *kiosk_video_open(const char *uri, int box_width, int box_height, int fit, long long max_frame_bytes,
                              const char *audio_device, double volume, char *audio_problem, size_t audio_problem_length,
                              char *error, size_t error_length);

/* Sets the audio track's volume (0...1) while it plays; nothing without an audio device. */
void kiosk_video_set_volume(kiosk_video *video, double volume);

/* Runs a gst-launch description ending in an element named "sink" that is an appsink (the bench's
   live test source); NULL with a message in `error` when it cannot be built. */
kiosk_video *kiosk_video_open_description(const char *description, char *error, size_t error_length);

/* Waits up to `timeout_ms` for the next frame. Returns KIOSK_VIDEO_FRAME (filled `frame`),
   KIOSK_VIDEO_TIMEOUT, KIOSK_VIDEO_END (end of stream), KIOSK_VIDEO_TOO_LARGE or KIOSK_VIDEO_ERROR (the bus's message,
   with GStreamer's debug detail, in `error`). */
int kiosk_video_pull(kiosk_video *video, int timeout_ms, kiosk_video_frame *frame, char *error, size_t error_length);

/* Pauses the pipeline where it is (0) or plays it on from there (1); returns 0 when GStreamer
   refuses the change. The state change itself completes asynchronously. */
int kiosk_video_set_playing(kiosk_video *video, int playing);

/* Stops the pipeline and frees everything. */
void kiosk_video_close(kiosk_video *video);

/* A local path as a file:// URI (absolute, escaped); the caller frees it with kiosk_video_free. */
char *kiosk_video_file_uri(const char *path);
void kiosk_video_free(char *text);

#include "kiosk_sound.h"

#endif
