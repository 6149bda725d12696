#include "clinux_v4l2.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/videodev2.h>

static int xioctl(int fd, unsigned long request, void *argument) {
    int result;
    do {
        result = ioctl(fd, request, argument);
    } while (result == -1 && errno == EINTR);
    return result;
}

static void copy_name(char *destination, const __u8 *source, size_t source_length, size_t destination_length) {
    if (destination == NULL || destination_length == 0) return;
    size_t length = strnlen((const char *)source, source_length);
    if (length >= destination_length) length = destination_length - 1;
    memcpy(destination, source, length);
    destination[length] = '\0';
}

int clinux_v4l2_query_capabilities(int fd, uint32_t *capabilities, char *card, char *driver, size_t name_length) {
    struct v4l2_capability cap;
    memset(&cap, 0, sizeof cap);
    if (xioctl(fd, VIDIOC_QUERYCAP, &cap) == -1) return -1;
    *capabilities = (cap.capabilities & V4L2_CAP_DEVICE_CAPS) ? cap.device_caps : cap.capabilities;
    copy_name(card, cap.card, sizeof cap.card, name_length);
    copy_name(driver, cap.driver, sizeof cap.driver, name_length);
    return 0;
}

int clinux_v4l2_is_streaming_capture(uint32_t capabilities) {
    return (capabilities & V4L2_CAP_VIDEO_CAPTURE) && (capabilities & V4L2_CAP_STREAMING);
}

static void read_pix(const struct v4l2_format *format, uint32_t *width, uint32_t *height, uint32_t *pixel_format,
                     uint32_t *bytes_per_line, uint32_t *size_image) {
    *width = format->fmt.pix.width;
    *height = format->fmt.pix.height;
    *pixel_format = format->fmt.pix.pixelformat;
    *bytes_per_line = format->fmt.pix.bytesperline;
    *size_image = format->fmt.pix.sizeimage;
}

int clinux_v4l2_set_format(int fd, uint32_t *width, uint32_t *height, uint32_t *pixel_format,
                           uint32_t *bytes_per_line, uint32_t *size_image) {
    struct v4l2_format format;
    memset(&format, 0, sizeof format);
    format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    format.fmt.pix.width = *width;
    format.fmt.pix.height = *height;
    format.fmt.pix.pixelformat = *pixel_format;
    format.fmt.pix.field = V4L2_FIELD_NONE;
    if (xioctl(fd, VIDIOC_S_FMT, &format) == -1) return -1;
    read_pix(&format, width, height, pixel_format, bytes_per_line, size_image);
    return 0;
}

int clinux_v4l2_get_format(int fd, uint32_t *width, uint32_t *height, uint32_t *pixel_format,
                           uint32_t *bytes_per_line, uint32_t *size_image) {
    struct v4l2_format format;
    memset(&format, 0, sizeof format);
    format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    if (xioctl(fd, VIDIOC_G_FMT, &format) == -1) return -1;
    read_pix(&format, width, height, pixel_format, bytes_per_line, size_image);
    return 0;
}

int clinux_v4l2_set_frame_rate(int fd, uint32_t fps, uint32_t *interval_numerator, uint32_t *interval_denominator) {
    struct v4l2_streamparm parm;
    memset(&parm, 0, sizeof parm);
    parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    parm.parm.capture.timeperframe.numerator = 1;
    parm.parm.capture.timeperframe.denominator = fps;
    if (xioctl(fd, VIDIOC_S_PARM, &parm) == -1) return -1;
    if (parm.parm.capture.capability & V4L2_CAP_TIMEPERFRAME) {
        *interval_numerator = parm.parm.capture.timeperframe.numerator;
        *interval_denominator = parm.parm.capture.timeperframe.denominator;
    } else {
        *interval_numerator = 0;
        *interval_denominator = 0;
    }
    return 0;
}

int clinux_v4l2_request_buffers(int fd, uint32_t *count) {
    struct v4l2_requestbuffers request;
    memset(&request, 0, sizeof request);
    request.count = *count;
    request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    request.memory = V4L2_MEMORY_MMAP;
    if (xioctl(fd, VIDIOC_REQBUFS, &request) == -1) return -1;
    *count = request.count;
    return 0;
}

int clinux_v4l2_query_buffer(int fd, uint32_t index, uint32_t *offset, uint32_t *length) {
    struct v4l2_buffer buffer;
    memset(&buffer, 0, sizeof buffer);
    buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    buffer.memory = V4L2_MEMORY_MMAP;
    buffer.index = index;
    if (xioctl(fd, VIDIOC_QUERYBUF, &buffer) == -1) return -1;
    *offset = buffer.m.offset;
    *length = buffer.length;
    return 0;
}

int clinux_v4l2_export_buffer(int fd, uint32_t index, int *dmabuf) {
    struct v4l2_exportbuffer request;
    memset(&request, 0, sizeof request);
    request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    request.index = index;
    request.plane = 0;
    request.flags = O_CLOEXEC | O_RDWR;
    if (xioctl(fd, VIDIOC_EXPBUF, &request) == -1) return -1;
    *dmabuf = request.fd;
    return 0;
}

int clinux_v4l2_queue_buffer(int fd, uint32_t index) {
    struct v4l2_buffer buffer;
    memset(&buffer, 0, sizeof buffer);
    buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    buffer.memory = V4L2_MEMORY_MMAP;
    buffer.index = index;
    return xioctl(fd, VIDIOC_QBUF, &buffer);
}

int clinux_v4l2_dequeue_buffer(int fd, uint32_t *index, uint32_t *bytes_used, int *is_error) {
    struct v4l2_buffer buffer;
    memset(&buffer, 0, sizeof buffer);
    buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    buffer.memory = V4L2_MEMORY_MMAP;
    if (xioctl(fd, VIDIOC_DQBUF, &buffer) == -1) return -1;
    *index = buffer.index;
    *bytes_used = buffer.bytesused;
    *is_error = (buffer.flags & V4L2_BUF_FLAG_ERROR) ? 1 : 0;
    return 0;
}

int clinux_v4l2_set_streaming(int fd, int on) {
    int type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    return xioctl(fd, on ? VIDIOC_STREAMON : VIDIOC_STREAMOFF, &type);
}

int clinux_v4l2_frame_size(int fd, uint32_t pixel_format, uint32_t index, int *stepwise,
                           uint32_t *min_width, uint32_t *min_height, uint32_t *max_width, uint32_t *max_height,
                           uint32_t *step_width, uint32_t *step_height) {
    struct v4l2_frmsizeenum size;
    memset(&size, 0, sizeof size);
    size.index = index;
    size.pixel_format = pixel_format;
    if (xioctl(fd, VIDIOC_ENUM_FRAMESIZES, &size) == -1) return -1;
    if (size.type == V4L2_FRMSIZE_TYPE_DISCRETE) {
        *stepwise = 0;
        *min_width = *max_width = size.discrete.width;
        *min_height = *max_height = size.discrete.height;
        *step_width = *step_height = 1;
    } else {
        *stepwise = 1;
        *min_width = size.stepwise.min_width;
        *min_height = size.stepwise.min_height;
        *max_width = size.stepwise.max_width;
        *max_height = size.stepwise.max_height;
        *step_width = size.stepwise.step_width ? size.stepwise.step_width : 1;
        *step_height = size.stepwise.step_height ? size.stepwise.step_height : 1;
    }
    return 0;
}
