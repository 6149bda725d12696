#include "CKioskVideo.h"
#include "kiosk_gstreamer.h"

#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <stdio.h>
#include <string.h>

struct kiosk_video {
    GstElement *pipeline;
    /* The first element after the decoder: its video pad links here. */
    GstElement *head;
    /* videoscale's output caps and videocrop: set from the clip's size when its pad appears. */
    GstElement *limit;
    GstElement *crop;
    int box_width;
    int box_height;
    int fit;
    /* The most bytes one decoded frame may take (0: no limit); a clip over it is refused. */
    long long max_frame_bytes;
    /* Set on a streaming thread when a clip's frames are over `max_frame_bytes`: the size first,
       then the flag, which `kiosk_video_pull` reads. */
    int refused_width;
    int refused_height;
    long long refused_bytes;
    gint refused;
    GstElement *sink;
    /* The audio branch's first element and its volume, when the clip's audio plays. */
    GstElement *audio_head;
    GstElement *volume;
    GstSample *sample;
    GstVideoFrame frame;
    int mapped;
};

static gpointer initialise(gpointer unused) {
    (void)unused;
    GError *error = NULL;
    gboolean ok = gst_init_check(NULL, NULL, &error);
    if (error) g_error_free(error);
    return GINT_TO_POINTER(ok ? 1 : 0);
}

int kiosk_gstreamer_ready(void) {
    static GOnce once = G_ONCE_INIT;
    return GPOINTER_TO_INT(g_once(&once, initialise, NULL));
}

/* The size frames are scaled to for a clip of `width` x `height` in the box: never larger than
   the clip, and no larger than the fit needs (cover: covering the box; contain: inside it; fill:
   each side at most the box's). `center` is cropped to the box instead, at the clip's own scale. */
static void limit_size(const kiosk_video *video, int width, int height, int *out_width, int *out_height) {
    double sx = (double)video->box_width / width, sy = (double)video->box_height / height;
    double scale = 1;
    switch (video->fit) {
    case KIOSK_VIDEO_FIT_COVER: scale = sx > sy ? sx : sy; break;
    case KIOSK_VIDEO_FIT_CONTAIN: scale = sx < sy ? sx : sy; break;
    case KIOSK_VIDEO_FIT_FILL:
        *out_width = width < video->box_width ? width : video->box_width;
        *out_height = height < video->box_height ? height : video->box_height;
        return;
    default: break;
    }
    if (scale >= 1) {
        *out_width = width;
        *out_height = height;
        return;
    }
    *out_width = (int)(width * scale + 0.999);
    *out_height = (int)(height * scale + 0.999);
    if (*out_width < 1) *out_width = 1;
    if (*out_height < 1) *out_height = 1;
}

/* Sets the scaler's and the crop's sizes from the decoded caps (the clip's size), before any
   frame flows, so no frame larger than the box leaves the decoder's own buffers. */
static void limit_to_box(kiosk_video *video, const GstStructure *structure) {
    int width = 0, height = 0;
    if (video->box_width <= 0 || video->box_height <= 0) return;
    if (!gst_structure_get_int(structure, "width", &width) || !gst_structure_get_int(structure, "height", &height)) return;
    if (width <= 0 || height <= 0) return;
    if (video->fit == KIOSK_VIDEO_FIT_CENTER) {
        int cut_x = width > video->box_width ? width - video->box_width : 0;
        int cut_y = height > video->box_height ? height - video->box_height : 0;
        g_object_set(video->crop, "left", cut_x / 2, "right", cut_x - cut_x / 2, "top", cut_y / 2, "bottom", cut_y - cut_y / 2, NULL);
        return;
    }
    int scaled_width = width, scaled_height = height;
    limit_size(video, width, height, &scaled_width, &scaled_height);
    if (scaled_width == width && scaled_height == height) return;
    GstCaps *caps = gst_caps_new_simple("video/x-raw", "width", G_TYPE_INT, scaled_width, "height", G_TYPE_INT, scaled_height, NULL);
    g_object_set(video->limit, "caps", caps, NULL);
    gst_caps_unref(caps);
}

/* The bytes one decoded frame of `caps` takes: raw video's own format exactly; a compressed
   stream's size as 4:2:0 8-bit (1.5 bytes a pixel, what decoders give for nearly every clip).
   0 when the caps carry no size. */
static long long frame_bytes(GstCaps *caps, int *width, int *height) {
    const GstStructure *structure = gst_caps_get_structure(caps, 0);
    if (!structure || !gst_structure_get_int(structure, "width", width) || !gst_structure_get_int(structure, "height", height)) return 0;
    if (*width <= 0 || *height <= 0) return 0;
    GstVideoInfo info;
    if (gst_structure_has_name(structure, "video/x-raw") && gst_caps_is_fixed(caps) && gst_video_info_from_caps(&info, caps)) {
        return (long long)GST_VIDEO_INFO_SIZE(&info);
    }
    return (long long)*width * *height * 3 / 2;
}

/* Called by decodebin for every stream before it plugs the next element (the parser, the
   decoder) and before it exposes raw video: a clip whose frames are larger than the limit is
   marked refused and not decoded (FALSE exposes the pad as it is, which `pad_added` leaves
   unlinked, so the stream stops before any frame is decoded). */
static gboolean autoplug_continue(GstElement *bin, GstPad *pad, GstCaps *caps, gpointer data) {
    (void)bin;
    (void)pad;
    kiosk_video *video = data;
    if (video->max_frame_bytes <= 0 || !caps || gst_caps_get_size(caps) == 0) return TRUE;
    int width = 0, height = 0;
    long long bytes = frame_bytes(caps, &width, &height);
    if (bytes <= video->max_frame_bytes) return !g_atomic_int_get(&video->refused);
    if (!g_atomic_int_get(&video->refused)) {
        video->refused_width = width;
        video->refused_height = height;
        video->refused_bytes = bytes;
        g_atomic_int_set(&video->refused, 1);
    }
    return FALSE;
}

/* Links the decoder's first audio pad into the audio branch; later ones stay unlinked. */
static void link_audio_pad(kiosk_video *video, GstPad *pad) {
    GstPad *sink = gst_element_get_static_pad(video->audio_head, "sink");
    if (!gst_pad_is_linked(sink)) gst_pad_link(pad, sink);
    gst_object_unref(sink);
}

/* Links the decoder's first video pad into the chain; later pads (a second video stream) stay unlinked. */
static void pad_added(GstElement *source, GstPad *pad, gpointer data) {
    (void)source;
    kiosk_video *video = data;
    if (video->audio_head) {
        GstCaps *caps = gst_pad_get_current_caps(pad);
        if (!caps) caps = gst_pad_query_caps(pad, NULL);
        const GstStructure *structure = caps ? gst_caps_get_structure(caps, 0) : NULL;
        int audio = structure && g_str_has_prefix(gst_structure_get_name(structure), "audio/");
        if (caps) gst_caps_unref(caps);
        if (audio) {
            if (!g_atomic_int_get(&video->refused)) link_audio_pad(video, pad);
            return;
        }
    }
    GstPad *sink = gst_element_get_static_pad(video->head, "sink");
    if (!gst_pad_is_linked(sink) && !g_atomic_int_get(&video->refused)) {
        GstCaps *caps = gst_pad_get_current_caps(pad);
        if (!caps) caps = gst_pad_query_caps(pad, NULL);
        const GstStructure *structure = caps ? gst_caps_get_structure(caps, 0) : NULL;
        if (structure && g_str_has_prefix(gst_structure_get_name(structure), "video/")) {
            limit_to_box(video, structure);
            gst_pad_link(pad, sink);
        }
        if (caps) gst_caps_unref(caps);
    }
    gst_object_unref(sink);
}

static void release_frame(kiosk_video *video) {
    if (video->mapped) gst_video_frame_unmap(&video->frame);
    video->mapped = 0;
    if (video->sample) gst_sample_unref(video->sample);
    video->sample = NULL;
}

/* The first error (or end of stream) waiting on the bus; 0 when there is none. */
static int bus_problem(kiosk_video *video, char *error, size_t error_length) {
    GstBus *bus = gst_element_get_bus(video->pipeline);
    GstMessage *message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
    gst_object_unref(bus);
    if (!message) return 0;
    int result = KIOSK_VIDEO_END;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
        GError *failure = NULL;
        gchar *debug = NULL;
        gst_message_parse_error(message, &failure, &debug);
        if (error && error_length) {
            snprintf(error, error_length, "%s%s%s", failure ? failure->message : "unknown error",
                     debug ? " | " : "", debug ? debug : "");
        }
        /* One log line: GStreamer's debug detail has line breaks. */
        for (char *c = error; error && *c; c++) {
            if (*c == '\n' || *c == '\r') *c = ' ';
        }
        if (failure) g_error_free(failure);
        g_free(debug);
        result = KIOSK_VIDEO_ERROR;
    }
    gst_message_unref(message);
    return result;
}

/* The formats libyuv converts, the decoder's own first when it is one of them. One buffer, the
   older dropped: a slow consumer sees the newest frame, never a backlog; and no extra reference
   to the last sample (the feed maps each frame once and converts straight from that mapping). */
static void configure_sink(GstElement *sink) {
    GstCaps *formats = gst_caps_from_string("video/x-raw,format={I420,NV12,YUY2,UYVY,xRGB}");
    g_object_set(sink, "caps", formats, "max-buffers", 1, "drop", TRUE, "sync", TRUE, "enable-last-sample", FALSE, NULL);
    gst_caps_unref(formats);
}

static int start(kiosk_video *video, char *error, size_t error_length) {
    if (gst_element_set_state(video->pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
        if (bus_problem(video, error, error_length) != KIOSK_VIDEO_ERROR) {
            snprintf(error, error_length, "the pipeline would not start");
        }
        kiosk_video_close(video);
        return 0;
    }
    return 1;
}

kiosk_video *kiosk_video_open_description(const char *description, char *error, size_t error_length) {
    if (!kiosk_gstreamer_ready()) {
        snprintf(error, error_length, "GStreamer could not be initialised");
        return NULL;
    }
    GError *failure = NULL;
    GstElement *pipeline = gst_parse_launch(description, &failure);
    if (!pipeline || failure) {
        snprintf(error, error_length, "%s", failure ? failure->message : "the pipeline could not be built");
        if (failure) g_error_free(failure);
        if (pipeline) gst_object_unref(pipeline);
        return NULL;
    }
    GstElement *sink = gst_bin_get_by_name(GST_BIN(pipeline), "sink");
    if (!sink || !GST_IS_APP_SINK(sink)) {
        snprintf(error, error_length, "the description has no appsink named \"sink\"");
        if (sink) gst_object_unref(sink);
        gst_object_unref(pipeline);
        return NULL;
    }
    configure_sink(sink);
    kiosk_video *video = g_new0(kiosk_video, 1);
    video->pipeline = pipeline;
    video->sink = sink;
    /* The bin holds its own reference; the one from get_by_name is not kept. */
    gst_object_unref(sink);
    return start(video, error, error_length) ? video : NULL;
}

/* alsasink on `device`, opened (READY) on a bus of its own, so a device that cannot be opened
   leaves no error on the pipeline's bus to fail the video; NULL with GStreamer's reason in `problem`. */
static GstElement *open_alsa(GstElement *sink, const char *device, char *problem, size_t problem_length) {
    g_object_set(sink, "device", device, NULL);
    GstBus *bus = gst_bus_new();
    gst_element_set_bus(sink, bus);
    int opened = gst_element_set_state(sink, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE;
    if (!opened) {
        GstMessage *message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR);
        GError *failure = NULL;
        if (message) gst_message_parse_error(message, &failure, NULL);
        snprintf(problem, problem_length, "%s", failure ? failure->message : "it would not open");
        if (failure) g_error_free(failure);
        if (message) gst_message_unref(message);
        gst_element_set_state(sink, GST_STATE_NULL);
    }
    gst_element_set_bus(sink, NULL);
    gst_object_unref(bus);
    if (opened) return sink;
    gst_object_unref(sink);
    return NULL;
}

/* The audio branch into the pipeline: audioconvert -> audioresample -> volume -> alsasink, or a
   fakesink when the device cannot be opened (missing, busy), so the picture plays silent. */
static int add_audio(kiosk_video *video, const char *device, double volume, char *problem, size_t problem_length,
                     char *error, size_t error_length) {
    const char *names[] = {"audioconvert", "audioresample", "volume", "alsasink"};
    const char *packages[] = {"gstreamer1.0-plugins-base", "gstreamer1.0-plugins-base", "gstreamer1.0-plugins-base", "gstreamer1.0-alsa"};
    GstElement *elements[4];
    for (int index = 0; index < 4; index++) {
        elements[index] = gst_element_factory_make(names[index], NULL);
        if (!elements[index]) {
            snprintf(error, error_length, "GStreamer lacks %s (install %s)", names[index], packages[index]);
            for (int made = 0; made < index; made++) gst_object_unref(elements[made]);
            return 0;
        }
    }
    /* Owned here (not floating) across the state change, then handed to the bin. */
    GstElement *sink = open_alsa(gst_object_ref_sink(elements[3]), device, problem, problem_length);
    if (!sink) {
        /* Kept in step with the clock as alsasink would be. */
        sink = gst_element_factory_make("fakesink", NULL);
        if (sink) g_object_set(gst_object_ref_sink(sink), "sync", TRUE, NULL);
    }
    if (!sink) {
        snprintf(error, error_length, "GStreamer lacks fakesink (install libgstreamer1.0-0)");
        for (int made = 0; made < 3; made++) gst_object_unref(elements[made]);
        return 0;
    }
    g_object_set(elements[2], "volume", volume < 0 ? 0.0 : volume > 1 ? 1.0 : volume, NULL);
    for (int index = 0; index < 3; index++) gst_bin_add(GST_BIN(video->pipeline), elements[index]);
    gst_bin_add(GST_BIN(video->pipeline), sink);
    gst_object_unref(sink);
    gst_element_link_many(elements[0], elements[1], elements[2], sink, NULL);
    video->audio_head = elements[0];
    video->volume = elements[2];
    return 1;
}

kiosk_video *kiosk_video_open(const char *uri, int box_width, int box_height, int fit, long long max_frame_bytes,
                              const char *audio_device, double volume, char *audio_problem, size_t audio_problem_length,
                              char *error, size_t error_length) {
    if (audio_problem && audio_problem_length) audio_problem[0] = 0;
    if (!kiosk_gstreamer_ready()) {
        snprintf(error, error_length, "GStreamer could not be initialised");
        return NULL;
    }
    const char *names[] = {"uridecodebin", "videocrop", "videoscale", "capsfilter", "videoconvert", "appsink"};
    const char *packages[] = {"base", "good", "base", "base", "base", "base"};
    GstElement *elements[6];
    for (int index = 0; index < 6; index++) {
        elements[index] = gst_element_factory_make(names[index], NULL);
        if (!elements[index]) {
            snprintf(error, error_length, "GStreamer lacks %s (install gstreamer1.0-plugins-%s)", names[index], packages[index]);
            for (int made = 0; made < index; made++) gst_object_unref(elements[made]);
            return NULL;
        }
    }
    kiosk_video *video = g_new0(kiosk_video, 1);
    video->pipeline = gst_pipeline_new("swipe-kiosk-video");
    video->crop = elements[1];
    video->head = elements[1];
    video->limit = elements[3];
    video->sink = elements[5];
    video->box_width = box_width;
    video->box_height = box_height;
    video->fit = fit;
    video->max_frame_bytes = max_frame_bytes;
    /* Only raw video is exposed unless the audio plays: otherwise audio is never decoded. */
    GstCaps *raw = gst_caps_from_string(audio_device ? "video/x-raw(ANY);audio/x-raw(ANY)" : "video/x-raw(ANY)");
    g_object_set(elements[0], "uri", uri, "caps", raw, "expose-all-streams", FALSE, NULL);
    gst_caps_unref(raw);
    configure_sink(video->sink);
    for (int index = 0; index < 6; index++) gst_bin_add(GST_BIN(video->pipeline), elements[index]);
    if (audio_device && !add_audio(video, audio_device, volume, audio_problem, audio_problem_length, error, error_length)) {
        gst_object_unref(video->pipeline);
        g_free(video);
        return NULL;
    }
    gst_element_link_many(elements[1], elements[2], elements[3], elements[4], elements[5], NULL);
    g_signal_connect(elements[0], "pad-added", G_CALLBACK(pad_added), video);
    g_signal_connect(elements[0], "autoplug-continue", G_CALLBACK(autoplug_continue), video);
    return start(video, error, error_length) ? video : NULL;
}

/* KIOSK_VIDEO_TOO_LARGE with the refused clip's size in `frame` when it was refused, else 0. */
static int refusal(kiosk_video *video, kiosk_video_frame *frame) {
    if (!g_atomic_int_get(&video->refused)) return 0;
    frame->width = video->refused_width;
    frame->height = video->refused_height;
    frame->size = (size_t)video->refused_bytes;
    return KIOSK_VIDEO_TOO_LARGE;
}

int kiosk_video_pull(kiosk_video *video, int timeout_ms, kiosk_video_frame *frame, char *error, size_t error_length) {
    release_frame(video);
    if (refusal(video, frame)) return KIOSK_VIDEO_TOO_LARGE;
    int problem = bus_problem(video, error, error_length);
    if (problem == KIOSK_VIDEO_ERROR) return problem;
    /* Waits in slices so an error posted meanwhile (a file GStreamer cannot read) ends the wait early. */
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    GstSample *sample = NULL;
    for (;;) {
        gint64 left = deadline - g_get_monotonic_time();
        gint64 slice = left < 0 ? 0 : left > 100000 ? 100000 : left;
        sample = gst_app_sink_try_pull_sample(GST_APP_SINK(video->sink), (GstClockTime)slice * GST_USECOND);
        if (sample) break;
        /* Before the bus: a refused clip's stream stops with an error of its own. */
        if (refusal(video, frame)) return KIOSK_VIDEO_TOO_LARGE;
        problem = bus_problem(video, error, error_length);
        if (problem) return problem;
        if (gst_app_sink_is_eos(GST_APP_SINK(video->sink))) return KIOSK_VIDEO_END;
        /* A pipeline that failed to start without a message reaching the bus is an error too. */
        if (gst_element_get_state(video->pipeline, NULL, NULL, 0) == GST_STATE_CHANGE_FAILURE) {
            snprintf(error, error_length, "the pipeline failed to start (an unreadable or truncated file?)");
            return KIOSK_VIDEO_ERROR;
        }
        if (g_get_monotonic_time() >= deadline) return KIOSK_VIDEO_TIMEOUT;
    }
    GstVideoInfo info;
    GstCaps *caps = gst_sample_get_caps(sample);
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    if (!caps || !buffer || !gst_video_info_from_caps(&info, caps)
        || !gst_video_frame_map(&video->frame, &info, buffer, GST_MAP_READ)) {
        gst_sample_unref(sample);
        snprintf(error, error_length, "a decoded frame could not be read");
        return KIOSK_VIDEO_ERROR;
    }
    video->sample = sample;
    video->mapped = 1;
    const uint8_t *base = video->frame.map[0].data;
    switch (GST_VIDEO_FRAME_FORMAT(&video->frame)) {
    case GST_VIDEO_FORMAT_I420: frame->format = KIOSK_VIDEO_I420; break;
    case GST_VIDEO_FORMAT_NV12: frame->format = KIOSK_VIDEO_NV12; break;
    case GST_VIDEO_FORMAT_YUY2: frame->format = KIOSK_VIDEO_YUY2; break;
    case GST_VIDEO_FORMAT_UYVY: frame->format = KIOSK_VIDEO_UYVY; break;
    case GST_VIDEO_FORMAT_xRGB: frame->format = KIOSK_VIDEO_XRGB; break;
    default:
        release_frame(video);
        snprintf(error, error_length, "the pipeline delivered a format the feed does not convert");
        return KIOSK_VIDEO_ERROR;
    }
    /* The planes are handed on as offsets into one mapping: a buffer with a memory per plane is refused. */
    int planes = GST_VIDEO_FRAME_N_PLANES(&video->frame);
    for (int plane = 1; plane < planes; plane++) {
        const uint8_t *data = GST_VIDEO_FRAME_PLANE_DATA(&video->frame, plane);
        if (data < base || data >= base + video->frame.map[0].size) {
            release_frame(video);
            snprintf(error, error_length, "the decoder delivers its planes in separate memories, which the feed cannot read");
            return KIOSK_VIDEO_ERROR;
        }
    }
    frame->width = GST_VIDEO_FRAME_WIDTH(&video->frame);
    frame->height = GST_VIDEO_FRAME_HEIGHT(&video->frame);
    frame->base = base;
    frame->size = video->frame.map[0].size;
    for (int plane = 0; plane < 3; plane++) {
        frame->offsets[plane] = plane < planes ? (size_t)((const uint8_t *)GST_VIDEO_FRAME_PLANE_DATA(&video->frame, plane) - base) : 0;
        frame->strides[plane] = plane < planes ? GST_VIDEO_FRAME_PLANE_STRIDE(&video->frame, plane) : 0;
    }
    return KIOSK_VIDEO_FRAME;
}

int kiosk_video_set_playing(kiosk_video *video, int playing) {
    if (!video) return 0;
    return gst_element_set_state(video->pipeline, playing ? GST_STATE_PLAYING : GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE;
}

void kiosk_video_set_volume(kiosk_video *video, double volume) {
    if (!video || !video->volume) return;
    g_object_set(video->volume, "volume", volume < 0 ? 0.0 : volume > 1 ? 1.0 : volume, NULL);
}

void kiosk_video_close(kiosk_video *video) {
    if (!video) return;
    release_frame(video);
    gst_element_set_state(video->pipeline, GST_STATE_NULL);
    gst_object_unref(video->pipeline);
    g_free(video);
}

char *kiosk_video_file_uri(const char *path) {
    return gst_filename_to_uri(path, NULL);
}

void kiosk_video_free(char *text) {
    g_free(text);
}
