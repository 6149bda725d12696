#include "kiosk_sound.h"
#include "kiosk_gstreamer.h"

#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SOUND_CAPS "audio/x-raw,format=S16LE,rate=48000,channels=2,layout=interleaved"

struct kiosk_sound {
    gint references;
    guint8 *data;
    size_t size;
};

/* ---- Decoding ---- */

static void link_audio(GstElement *source, GstPad *pad, gpointer data) {
    (void)source;
    GstElement *head = data;
    GstPad *sink = gst_element_get_static_pad(head, "sink");
    GstCaps *caps = gst_pad_get_current_caps(pad);
    if (!caps) caps = gst_pad_query_caps(pad, NULL);
    const GstStructure *structure = caps ? gst_caps_get_structure(caps, 0) : NULL;
    if (!gst_pad_is_linked(sink) && structure && g_str_has_prefix(gst_structure_get_name(structure), "audio/")) {
        gst_pad_link(pad, sink);
    }
    if (caps) gst_caps_unref(caps);
    gst_object_unref(sink);
}

/* The first error on the bus as one line, or 0. */
static int bus_error(GstElement *pipeline, char *error, size_t error_length) {
    GstBus *bus = gst_element_get_bus(pipeline);
    GstMessage *message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR);
    gst_object_unref(bus);
    if (!message) return 0;
    GError *failure = NULL;
    gst_message_parse_error(message, &failure, NULL);
    snprintf(error, error_length, "%s", failure ? failure->message : "GStreamer could not decode it");
    for (char *c = error; *c; c++) {
        if (*c == '\n' || *c == '\r') *c = ' ';
    }
    if (failure) g_error_free(failure);
    gst_message_unref(message);
    return 1;
}

kiosk_sound *kiosk_sound_decode(const char *uri, long long max_bytes, char *error, size_t error_length) {
    if (!kiosk_gstreamer_ready()) {
        snprintf(error, error_length, "GStreamer could not be initialised");
        return NULL;
    }
    const char *names[] = {"uridecodebin", "audioconvert", "audioresample", "capsfilter", "appsink"};
    GstElement *elements[5];
    for (int index = 0; index < 5; index++) {
        elements[index] = gst_element_factory_make(names[index], NULL);
        if (!elements[index]) {
            snprintf(error, error_length, "GStreamer lacks %s (install gstreamer1.0-plugins-base)", names[index]);
            for (int made = 0; made < index; made++) gst_object_unref(elements[made]);
            return NULL;
        }
    }
    GstElement *pipeline = gst_pipeline_new("swipe-kiosk-sound-decode");
    for (int index = 0; index < 5; index++) gst_bin_add(GST_BIN(pipeline), elements[index]);
    GstCaps *audio_only = gst_caps_from_string("audio/x-raw(ANY)");
    g_object_set(elements[0], "uri", uri, "caps", audio_only, "expose-all-streams", FALSE, NULL);
    gst_caps_unref(audio_only);
    GstCaps *caps = gst_caps_from_string(SOUND_CAPS);
    g_object_set(elements[3], "caps", caps, NULL);
    gst_caps_unref(caps);
    /* As fast as the decoder goes, nothing dropped. */
    g_object_set(elements[4], "sync", FALSE, "max-buffers", 8, "drop", FALSE, "enable-last-sample", FALSE, NULL);
    gst_element_link_many(elements[1], elements[2], elements[3], elements[4], NULL);
    g_signal_connect(elements[0], "pad-added", G_CALLBACK(link_audio), elements[1]);

    GByteArray *bytes = g_byte_array_new();
    int failed = 0;
    if (gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
        if (!bus_error(pipeline, error, error_length)) snprintf(error, error_length, "GStreamer could not open it");
        failed = 1;
    }
    /* A decoder that stalls ends the load after 10 s without a sample. */
    while (!failed) {
        GstSample *sample = gst_app_sink_try_pull_sample(GST_APP_SINK(elements[4]), 10 * GST_SECOND);
        if (!sample) {
            if (bus_error(pipeline, error, error_length)) failed = 1;
            else if (!gst_app_sink_is_eos(GST_APP_SINK(elements[4]))) {
                snprintf(error, error_length, "decoding stalled for 10 s");
                failed = 1;
            }
            break;
        }
        GstBuffer *buffer = gst_sample_get_buffer(sample);
        GstMapInfo map;
        if (buffer && gst_buffer_map(buffer, &map, GST_MAP_READ)) {
            if (max_bytes > 0 && (long long)(bytes->len + map.size) > max_bytes) {
                snprintf(error, error_length, "it decodes to more than %lld bytes (%.1f s); use a shorter sound",
                         max_bytes, (double)max_bytes / KIOSK_SOUND_BYTES_PER_SECOND);
                failed = 1;
            } else {
                g_byte_array_append(bytes, map.data, (guint)map.size);
            }
            gst_buffer_unmap(buffer, &map);
        }
        gst_sample_unref(sample);
    }
    if (!failed && bus_error(pipeline, error, error_length)) failed = 1;
    if (!failed && bytes->len == 0) {
        snprintf(error, error_length, "it has no audio GStreamer can decode");
        failed = 1;
    }
    gst_element_set_state(pipeline, GST_STATE_NULL);
    gst_object_unref(pipeline);
    if (failed) {
        g_byte_array_free(bytes, TRUE);
        return NULL;
    }
    kiosk_sound *sound = g_new0(kiosk_sound, 1);
    sound->references = 1;
    sound->size = bytes->len;
    sound->data = g_byte_array_free(bytes, FALSE);
    return sound;
}

size_t kiosk_sound_size(const kiosk_sound *sound) {
    return sound ? sound->size : 0;
}

int kiosk_sound_peak(const kiosk_sound *sound) {
    int peak = 0;
    const gint16 *samples = (const gint16 *)sound->data;
    for (size_t index = 0; index < sound->size / 2; index++) {
        int value = abs((int)samples[index]);
        if (value > peak) peak = value;
    }
    return peak;
}

void kiosk_sound_retain(kiosk_sound *sound) {
    g_atomic_int_inc(&sound->references);
}

void kiosk_sound_release(kiosk_sound *sound) {
    if (!sound || !g_atomic_int_dec_and_test(&sound->references)) return;
    g_free(sound->data);
    g_free(sound);
}

/* ---- Playing ---- */

struct kiosk_sound_player {
    char *device;
    kiosk_sound_log log;
    void *context;
    GstElement *pipeline;
    GstElement *source;
    GstElement *volume;
    GThread *thread;
    GMutex lock;
    GCond wake;
    /* Under `lock`: the sound asked for (a reference), whether a request waits (a NULL sound
       stops), what the bus said, and the thread's end. */
    kiosk_sound *pending;
    int requested;
    int ended;
    int failed;
    int quit;
    /* The thread's own: whether the device is open, and when to try it again. */
    int open;
    gint64 retry_at;
    gint64 retry_delay;
    int logged_failure;
};

static void say(kiosk_sound_player *player, int level, const char *format, const char *detail) {
    char line[768];
    snprintf(line, sizeof line, format, player->device, detail);
    if (player->log) player->log(player->context, level, line);
}

/* On a streaming thread: the bus's end of stream and errors wake the player's thread. */
static GstBusSyncReply bus_message(GstBus *bus, GstMessage *message, gpointer data) {
    (void)bus;
    kiosk_sound_player *player = data;
    switch (GST_MESSAGE_TYPE(message)) {
    case GST_MESSAGE_EOS:
    case GST_MESSAGE_ERROR:
        g_mutex_lock(&player->lock);
        if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_EOS) player->ended = 1;
        else player->failed = 1;
        g_cond_signal(&player->wake);
        g_mutex_unlock(&player->lock);
        break;
    default:
        break;
    }
    /* Errors are read here only as a wake-up: the thread reads nothing more from the bus. */
    return GST_BUS_DROP;
}

static void free_sound_buffer(gpointer data) {
    kiosk_sound_release(data);
}

/* Opens the device (READY) or schedules the next try. */
static void open_device(kiosk_sound_player *player) {
    if (gst_element_set_state(player->pipeline, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE) {
        player->open = 1;
        player->retry_at = 0;
        player->retry_delay = G_USEC_PER_SEC;
        if (player->logged_failure) say(player, KIOSK_SOUND_LOG_INFO, "sound: ALSA device \"%s\" open again%s", "");
        player->logged_failure = 0;
        return;
    }
    gst_element_set_state(player->pipeline, GST_STATE_NULL);
    player->open = 0;
    if (!player->logged_failure) {
        say(player, KIOSK_SOUND_LOG_WARNING,
            "sound: the ALSA device \"%s\" cannot be opened (missing or busy?)%s; running silent, trying again with back-off", "");
        player->logged_failure = 1;
    }
    player->retry_at = g_get_monotonic_time() + player->retry_delay;
    player->retry_delay = player->retry_delay * 2 > 30 * G_USEC_PER_SEC ? 30 * G_USEC_PER_SEC : player->retry_delay * 2;
}

/* Cuts what plays and starts `sound` (a reference this call takes over). */
static void start(kiosk_sound_player *player, kiosk_sound *sound) {
    /* READY drops what the ring buffer holds: the sound playing stops at once. */
    gst_element_set_state(player->pipeline, GST_STATE_READY);
    if (!sound) return;
    if (gst_element_set_state(player->pipeline, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE) {
        kiosk_sound_release(sound);
        player->open = 0;
        gst_element_set_state(player->pipeline, GST_STATE_NULL);
        open_device(player);
        return;
    }
    /* The decoded memory itself, no copy: the buffer holds a reference until the sink is done. */
    GstBuffer *buffer = gst_buffer_new_wrapped_full(GST_MEMORY_FLAG_READONLY, sound->data, sound->size, 0, sound->size,
                                                    sound, free_sound_buffer);
    GST_BUFFER_PTS(buffer) = 0;
    GST_BUFFER_DURATION(buffer) = gst_util_uint64_scale(sound->size, GST_SECOND, KIOSK_SOUND_BYTES_PER_SECOND);
    gst_app_src_push_buffer(GST_APP_SRC(player->source), buffer);
    gst_app_src_end_of_stream(GST_APP_SRC(player->source));
    gst_element_set_state(player->pipeline, GST_STATE_PLAYING);
}

static gpointer run(gpointer data) {
    kiosk_sound_player *player = data;
    open_device(player);
    for (;;) {
        g_mutex_lock(&player->lock);
        while (!player->quit && !player->requested && !player->ended && !player->failed) {
            if (player->retry_at == 0) {
                g_cond_wait(&player->wake, &player->lock);
            } else if (!g_cond_wait_until(&player->wake, &player->lock, player->retry_at)) {
                break;
            }
        }
        int quit = player->quit, requested = player->requested, ended = player->ended, failed = player->failed;
        kiosk_sound *sound = player->pending;
        player->pending = NULL;
        player->requested = player->ended = player->failed = 0;
        g_mutex_unlock(&player->lock);
        if (quit) {
            kiosk_sound_release(sound);
            break;
        }
        if (failed && player->open) {
            /* Unplugged or taken mid-sound: closed, and opened again after the back-off. */
            gst_element_set_state(player->pipeline, GST_STATE_NULL);
            player->open = 0;
            player->retry_at = g_get_monotonic_time();
        }
        if (!player->open && player->retry_at && g_get_monotonic_time() >= player->retry_at) open_device(player);
        if (requested) {
            if (player->open) start(player, sound);
            else kiosk_sound_release(sound);
        } else if (ended && player->open) {
            /* Played out: rest in READY, where nothing runs. */
            gst_element_set_state(player->pipeline, GST_STATE_READY);
        }
    }
    gst_element_set_state(player->pipeline, GST_STATE_NULL);
    return NULL;
}

kiosk_sound_player *kiosk_sound_player_new(const char *device, double volume, kiosk_sound_log log, void *context,
                                           char *error, size_t error_length) {
    if (!kiosk_gstreamer_ready()) {
        snprintf(error, error_length, "GStreamer could not be initialised");
        return NULL;
    }
    const char *names[] = {"appsrc", "volume", "alsasink"};
    const char *packages[] = {"gstreamer1.0-plugins-base", "gstreamer1.0-plugins-base", "gstreamer1.0-alsa"};
    GstElement *elements[3];
    for (int index = 0; index < 3; index++) {
        elements[index] = gst_element_factory_make(names[index], NULL);
        if (!elements[index]) {
            snprintf(error, error_length, "GStreamer lacks %s (install %s)", names[index], packages[index]);
            for (int made = 0; made < index; made++) gst_object_unref(elements[made]);
            return NULL;
        }
    }
    kiosk_sound_player *player = g_new0(kiosk_sound_player, 1);
    player->device = g_strdup(device);
    player->log = log;
    player->context = context;
    player->retry_delay = G_USEC_PER_SEC;
    g_mutex_init(&player->lock);
    g_cond_init(&player->wake);
    player->pipeline = gst_pipeline_new("swipe-kiosk-sound");
    player->source = elements[0];
    player->volume = elements[1];
    GstCaps *caps = gst_caps_from_string(SOUND_CAPS);
    g_object_set(elements[0], "caps", caps, "format", GST_FORMAT_TIME, "is-live", FALSE, "block", FALSE, NULL);
    gst_caps_unref(caps);
    g_object_set(elements[1], "volume", volume < 0 ? 0.0 : volume > 1 ? 1.0 : volume, NULL);
    /* A 40 ms ring buffer in 10 ms periods: the first period reaches the device at once. */
    g_object_set(elements[2], "device", device, "buffer-time", (gint64)40000, "latency-time", (gint64)10000, NULL);
    for (int index = 0; index < 3; index++) gst_bin_add(GST_BIN(player->pipeline), elements[index]);
    gst_element_link_many(elements[0], elements[1], elements[2], NULL);
    GstBus *bus = gst_element_get_bus(player->pipeline);
    gst_bus_set_sync_handler(bus, bus_message, player, NULL);
    gst_object_unref(bus);
    player->thread = g_thread_new("swipe-kiosk-sound", run, player);
    return player;
}

void kiosk_sound_player_play(kiosk_sound_player *player, kiosk_sound *sound) {
    if (sound) kiosk_sound_retain(sound);
    g_mutex_lock(&player->lock);
    /* The newest request wins: one waiting is replaced, never queued behind. */
    kiosk_sound *replaced = player->pending;
    player->pending = sound;
    player->requested = 1;
    g_cond_signal(&player->wake);
    g_mutex_unlock(&player->lock);
    kiosk_sound_release(replaced);
}

void kiosk_sound_player_set_volume(kiosk_sound_player *player, double volume) {
    g_object_set(player->volume, "volume", volume < 0 ? 0.0 : volume > 1 ? 1.0 : volume, NULL);
}

void kiosk_sound_player_free(kiosk_sound_player *player) {
    if (!player) return;
    g_mutex_lock(&player->lock);
    player->quit = 1;
    g_cond_signal(&player->wake);
    g_mutex_unlock(&player->lock);
    g_thread_join(player->thread);
    GstBus *bus = gst_element_get_bus(player->pipeline);
    gst_bus_set_sync_handler(bus, NULL, NULL, NULL);
    gst_object_unref(bus);
    gst_object_unref(player->pipeline);
    g_mutex_clear(&player->lock);
    g_cond_clear(&player->wake);
    g_free(player->device);
    g_free(player);
}
