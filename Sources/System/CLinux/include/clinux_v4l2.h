#ifndef CLINUX_V4L2_H
#define CLINUX_V4L2_H

#include <stdint.h>
#include <stddef.h>
// The feed tells the event loop a frame is ready through an eventfd; Glibc does not export it.
#include <sys/eventfd.h>

// V4L2 video capture, one function per ioctl the camera feed uses. Each wraps the kernel's
// struct so Swift deals only in plain integers; each returns 0, or -1 with errno set (EINTR is
// retried inside). The request numbers come from <linux/videodev2.h>.

/// VIDIOC_ENUM_FRAMESIZES for capture format `pixel_format`, entry `index`. `stepwise` is 0 for a
/// discrete size (in min_width/min_height), else 1 with the range and steps (continuous: steps 1).
int clinux_v4l2_frame_size(int fd, uint32_t pixel_format, uint32_t index, int *stepwise,
                           uint32_t *min_width, uint32_t *min_height, uint32_t *max_width, uint32_t *max_height,
                           uint32_t *step_width, uint32_t *step_height);

/// VIDIOC_QUERYCAP. `capabilities` is device_caps when the driver fills it, else capabilities.
/// `card` and `driver` receive NUL-terminated names (at most `name_length` bytes).
int clinux_v4l2_query_capabilities(int fd, uint32_t *capabilities, char *card, char *driver, size_t name_length);

/// Whether the capability bits describe a single-planar capture device that can stream.
int clinux_v4l2_is_streaming_capture(uint32_t capabilities);

/// VIDIOC_S_FMT for single-planar capture with progressive fields. On return the arguments hold
/// what the driver chose, which may differ from what was asked.
int clinux_v4l2_set_format(int fd, uint32_t *width, uint32_t *height, uint32_t *pixel_format,
                           uint32_t *bytes_per_line, uint32_t *size_image);

/// VIDIOC_G_FMT for single-planar capture.
int clinux_v4l2_get_format(int fd, uint32_t *width, uint32_t *height, uint32_t *pixel_format,
                           uint32_t *bytes_per_line, uint32_t *size_image);

/// VIDIOC_S_PARM asking for `fps` frames a second; on return numerator/denominator hold the
/// frame interval the driver chose (0/0 when it cannot set one).
int clinux_v4l2_set_frame_rate(int fd, uint32_t fps, uint32_t *interval_numerator, uint32_t *interval_denominator);

/// VIDIOC_REQBUFS with V4L2_MEMORY_MMAP; `count` is asked in and granted out. 0 frees them.
int clinux_v4l2_request_buffers(int fd, uint32_t *count);

/// VIDIOC_QUERYBUF: where buffer `index` is to be mmap()ed.
int clinux_v4l2_query_buffer(int fd, uint32_t index, uint32_t *offset, uint32_t *length);

/// VIDIOC_EXPBUF: buffer `index` exported as a DMABUF descriptor (close-on-exec, read-write) in `*dmabuf`.
int clinux_v4l2_export_buffer(int fd, uint32_t index, int *dmabuf);

/// VIDIOC_QBUF: hands buffer `index` back to the driver to be filled.
int clinux_v4l2_queue_buffer(int fd, uint32_t index);

/// VIDIOC_DQBUF: takes a filled buffer. `is_error` is set when the driver flagged the data as
/// corrupt (V4L2_BUF_FLAG_ERROR). Fails with EAGAIN when none is ready on a non-blocking fd.
int clinux_v4l2_dequeue_buffer(int fd, uint32_t *index, uint32_t *bytes_used, int *is_error);

/// VIDIOC_STREAMON (on != 0) or VIDIOC_STREAMOFF.
int clinux_v4l2_set_streaming(int fd, int on);

#endif
