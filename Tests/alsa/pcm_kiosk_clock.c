/* An ALSA playback PCM that keeps time like a sound card and records what it is given.

   alsa-lib's `file` plugin over `null` has no clock (alsasink on it writes as fast as the CPU
   goes); this external PCM (snd_pcm_ioplug) moves its hardware pointer with CLOCK_MONOTONIC from
   the moment it starts, and its poll descriptor is a timerfd firing every period, so alsasink
   waits on it as on a card. It takes S16_LE, 2 channels, 48000 Hz only.

   Configuration (an ALSA config file named in ALSA_CONFIG_PATH after alsa.conf):
       pcm_type.kiosk_clock { lib "/path/to/libasound_module_pcm_kiosk_clock.so" }
       pcm.kiosk { type kiosk_clock  file "/tmp/out.raw"  marks "/tmp/marks.txt" }
   `file` receives every frame written, as raw S16LE stereo. `marks` receives one line for each
   start in which a frame was not silent:
       onset <monotonic ns when the first non-silent frame plays> peak <largest |sample|>
   (the time the hardware pointer reaches that frame: the start's time plus the frames before it),
   and `open <monotonic ns>` each time the PCM is opened, so a test can wait for the player's device.
   `unplugged "/tmp/flag"`: while that file exists the PCM behaves as an unplugged USB card: opening
   fails, and a PCM open reports POLLERR, goes DISCONNECTED and fails transfers with ENODEV. */
#include <alsa/asoundlib.h>
#include <alsa/pcm_external.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define RATE 48000
#define FRAME_BYTES 4

typedef struct {
    snd_pcm_ioplug_t io;
    int timer;
    FILE *out;
    char *marks_path;
    char *unplugged_path;
    int64_t start_ns;     /* when the pointer began moving (shifted over underruns) */
    int running;
    uint64_t written;     /* frames transferred since prepare */
    uint64_t consumed;    /* frames the pointer has passed since prepare */
    int64_t onset_frame;  /* first non-silent frame since prepare, -1 before it */
    int peak;
    int onset_recorded;
} kiosk_clock;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int unplugged(const kiosk_clock *pcm) {
    return pcm->unplugged_path && access(pcm->unplugged_path, F_OK) == 0;
}

static void arm(kiosk_clock *pcm, int on) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    if (on) {
        long period_ns = (long)((int64_t)pcm->io.period_size * 1000000000 / RATE);
        spec.it_value.tv_nsec = period_ns;
        spec.it_interval.tv_nsec = period_ns;
    }
    timerfd_settime(pcm->timer, 0, &spec, NULL);
}

static void record_onset(kiosk_clock *pcm) {
    if (pcm->onset_recorded || pcm->onset_frame < 0 || !pcm->running || !pcm->marks_path) return;
    int64_t onset = pcm->start_ns + pcm->onset_frame * 1000000000LL / RATE;
    FILE *marks = fopen(pcm->marks_path, "a");
    if (marks) {
        fprintf(marks, "onset %lld peak %d\n", (long long)onset, pcm->peak);
        fclose(marks);
    }
    pcm->onset_recorded = 1;
}

static void advance(kiosk_clock *pcm) {
    if (!pcm->running) return;
    int64_t now = now_ns();
    uint64_t target = (uint64_t)((now - pcm->start_ns) * RATE / 1000000000LL);
    if (target > pcm->written) {
        /* Underrun: the card waits for data, so time paused meanwhile. */
        target = pcm->written;
        pcm->start_ns = now - (int64_t)(pcm->written * 1000000000ULL / RATE);
    }
    pcm->consumed = target;
}

static int kc_start(snd_pcm_ioplug_t *io) {
    kiosk_clock *pcm = io->private_data;
    pcm->start_ns = now_ns();
    pcm->running = 1;
    pcm->consumed = 0;
    arm(pcm, 1);
    record_onset(pcm);
    return 0;
}

static int kc_stop(snd_pcm_ioplug_t *io) {
    kiosk_clock *pcm = io->private_data;
    pcm->running = 0;
    arm(pcm, 0);
    return 0;
}

static snd_pcm_sframes_t kc_pointer(snd_pcm_ioplug_t *io) {
    kiosk_clock *pcm = io->private_data;
    if (unplugged(pcm)) return -ENODEV;
    advance(pcm);
    return (snd_pcm_sframes_t)(pcm->consumed % io->buffer_size);
}

static snd_pcm_sframes_t kc_transfer(snd_pcm_ioplug_t *io, const snd_pcm_channel_area_t *areas,
                                     snd_pcm_uframes_t offset, snd_pcm_uframes_t size) {
    kiosk_clock *pcm = io->private_data;
    if (unplugged(pcm)) return -ENODEV;
    const int16_t *samples = (const int16_t *)((const char *)areas[0].addr + (areas[0].first + offset * areas[0].step) / 8);
    for (snd_pcm_uframes_t frame = 0; frame < size; frame++) {
        for (int channel = 0; channel < 2; channel++) {
            int value = abs((int)samples[frame * 2 + channel]);
            if (value > pcm->peak) pcm->peak = value;
            if (value > 0 && pcm->onset_frame < 0) pcm->onset_frame = (int64_t)(pcm->written + frame);
        }
    }
    if (pcm->out) {
        fwrite(samples, FRAME_BYTES, size, pcm->out);
        fflush(pcm->out);
    }
    pcm->written += size;
    record_onset(pcm);
    return (snd_pcm_sframes_t)size;
}

static int kc_prepare(snd_pcm_ioplug_t *io) {
    kiosk_clock *pcm = io->private_data;
    pcm->running = 0;
    pcm->written = pcm->consumed = 0;
    pcm->onset_frame = -1;
    pcm->onset_recorded = 0;
    pcm->peak = 0;
    arm(pcm, 0);
    return 0;
}

static int kc_poll_revents(snd_pcm_ioplug_t *io, struct pollfd *fds, unsigned int nfds, unsigned short *revents) {
    kiosk_clock *pcm = io->private_data;
    (void)nfds;
    uint64_t expirations;
    if (fds[0].revents & POLLIN) {
        ssize_t ignored = read(pcm->timer, &expirations, sizeof expirations);
        (void)ignored;
    }
    if (unplugged(pcm)) {
        /* As the kernel tells of a card that is gone: POLLERR, and the PCM disconnected. */
        snd_pcm_ioplug_set_state(io, SND_PCM_STATE_DISCONNECTED);
        *revents = POLLERR;
        return 0;
    }
    *revents = (fds[0].revents & POLLIN) ? POLLOUT : 0;
    return 0;
}

static int kc_close(snd_pcm_ioplug_t *io) {
    kiosk_clock *pcm = io->private_data;
    close(pcm->timer);
    if (pcm->out) fclose(pcm->out);
    free(pcm->marks_path);
    free(pcm->unplugged_path);
    free(pcm);
    return 0;
}

static const snd_pcm_ioplug_callback_t callbacks = {
    .start = kc_start,
    .stop = kc_stop,
    .pointer = kc_pointer,
    .transfer = kc_transfer,
    .prepare = kc_prepare,
    .poll_revents = kc_poll_revents,
    .close = kc_close,
};

SND_PCM_PLUGIN_DEFINE_FUNC(kiosk_clock) {
    (void)root;
    const char *file = NULL, *marks = NULL, *gone = NULL;
    snd_config_iterator_t i, next;
    snd_config_for_each(i, next, conf) {
        snd_config_t *entry = snd_config_iterator_entry(i);
        const char *id;
        if (snd_config_get_id(entry, &id) < 0) continue;
        if (!strcmp(id, "comment") || !strcmp(id, "type") || !strcmp(id, "hint")) continue;
        if (!strcmp(id, "file")) { snd_config_get_string(entry, &file); continue; }
        if (!strcmp(id, "marks")) { snd_config_get_string(entry, &marks); continue; }
        if (!strcmp(id, "unplugged")) { snd_config_get_string(entry, &gone); continue; }
        SNDERR("unknown field %s", id);
        return -EINVAL;
    }
    if (stream != SND_PCM_STREAM_PLAYBACK) return -EINVAL;
    if (gone && access(gone, F_OK) == 0) return -ENODEV;
    kiosk_clock *pcm = calloc(1, sizeof *pcm);
    if (!pcm) return -ENOMEM;
    pcm->timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    pcm->out = file ? fopen(file, "ab") : NULL;
    pcm->marks_path = marks ? strdup(marks) : NULL;
    pcm->unplugged_path = gone ? strdup(gone) : NULL;
    pcm->onset_frame = -1;
    pcm->io.version = SND_PCM_IOPLUG_VERSION;
    pcm->io.name = "SwipeKiosk test clock";
    pcm->io.callback = &callbacks;
    pcm->io.private_data = pcm;
    pcm->io.poll_fd = pcm->timer;
    pcm->io.poll_events = POLLIN;
    pcm->io.mmap_rw = 0;
    int error = snd_pcm_ioplug_create(&pcm->io, name, stream, mode);
    if (error < 0) {
        close(pcm->timer);
        if (pcm->out) fclose(pcm->out);
        free(pcm->marks_path);
        free(pcm->unplugged_path);
        free(pcm);
        return error;
    }
    unsigned int access[] = {SND_PCM_ACCESS_RW_INTERLEAVED};
    unsigned int formats[] = {SND_PCM_FORMAT_S16_LE};
    snd_pcm_ioplug_set_param_list(&pcm->io, SND_PCM_IOPLUG_HW_ACCESS, 1, access);
    snd_pcm_ioplug_set_param_list(&pcm->io, SND_PCM_IOPLUG_HW_FORMAT, 1, formats);
    snd_pcm_ioplug_set_param_minmax(&pcm->io, SND_PCM_IOPLUG_HW_CHANNELS, 2, 2);
    snd_pcm_ioplug_set_param_minmax(&pcm->io, SND_PCM_IOPLUG_HW_RATE, RATE, RATE);
    snd_pcm_ioplug_set_param_minmax(&pcm->io, SND_PCM_IOPLUG_HW_PERIOD_BYTES, 64 * FRAME_BYTES, 48000 * FRAME_BYTES);
    snd_pcm_ioplug_set_param_minmax(&pcm->io, SND_PCM_IOPLUG_HW_PERIODS, 2, 64);
    *pcmp = pcm->io.pcm;
    if (pcm->marks_path) {
        FILE *marks = fopen(pcm->marks_path, "a");
        if (marks) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            fprintf(marks, "open %lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
            fclose(marks);
        }
    }
    return 0;
}

SND_PCM_PLUGIN_SYMBOL(kiosk_clock);
