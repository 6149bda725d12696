#ifndef KIOSK_SOUND_H
#define KIOSK_SOUND_H

#include <stddef.h>

/* Short sounds decoded once into memory and played through ALSA (GStreamer's alsasink).

   A sound is PCM in memory: S16LE, 48 kHz, stereo, whatever the file held (uridecodebin ->
   audioconvert -> audioresample -> appsink, run to the end at load). It is reference counted
   so a sound playing may be released by its owner (a reload) without cutting it short.

   A player owns one pipeline, appsrc -> volume -> alsasink, and one thread of its own that
   does every state change: `kiosk_sound_player_play` only leaves the sound in a one-slot
   mailbox and wakes the thread, so it never blocks its caller. A sound asked for while another
   plays cuts it (the newest wins; at most one waits). Idle, the pipeline rests in READY: the
   device is open, nothing runs, no thread wakes. A device that cannot be opened (missing, busy,
   unplugged) is logged once and tried again after 1, 2, 4 ... 30 s; meanwhile sounds are dropped. */

typedef struct kiosk_sound kiosk_sound;
typedef struct kiosk_sound_player kiosk_sound_player;

/* Bytes one second of decoded sound takes (48000 frames of 2 x 16 bits). */
#define KIOSK_SOUND_BYTES_PER_SECOND 192000

/* Decodes the file or URI `uri` to memory; NULL with the reason in `error` when GStreamer cannot
   (no audio stream, an unknown format, unreadable) or when it decodes to more than `max_bytes`. */
kiosk_sound *kiosk_sound_decode(const char *uri, long long max_bytes, char *error, size_t error_length);
/* The decoded size in bytes. */
size_t kiosk_sound_size(const kiosk_sound *sound);
/* The largest absolute sample value, 0 for silence (tests and logs). */
int kiosk_sound_peak(const kiosk_sound *sound);
void kiosk_sound_retain(kiosk_sound *sound);
void kiosk_sound_release(kiosk_sound *sound);

/* How the player tells its owner what happened; called on the player's thread. */
#define KIOSK_SOUND_LOG_INFO 0
#define KIOSK_SOUND_LOG_WARNING 1
typedef void (*kiosk_sound_log)(void *context, int level, const char *message);

/* Starts a player on the ALSA device `device` ("default", "hw:1,0", "plughw:CARD=USB"...) at
   `volume` (0...1). NULL with a message in `error` only when GStreamer lacks an element (the
   package to install is named); a device that does not open is the thread's to retry. */
kiosk_sound_player *kiosk_sound_player_new(const char *device, double volume, kiosk_sound_log log, void *context,
                                           char *error, size_t error_length);
/* Plays `sound` from its start, cutting the one playing; NULL stops what plays. Never blocks. */
void kiosk_sound_player_play(kiosk_sound_player *player, kiosk_sound *sound);
/* Sets the volume (0...1) at once, for the sound playing too. */
void kiosk_sound_player_set_volume(kiosk_sound_player *player, double volume);
/* Stops the thread and the pipeline, releasing the device. */
void kiosk_sound_player_free(kiosk_sound_player *player);

#endif
