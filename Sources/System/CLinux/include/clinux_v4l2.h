#ifndef CLINUX_V4L2_H
#define CLINUX_V4L2_H

#endif
