#ifndef CLINUX_VT_H
#define CLINUX_VT_H

#endif
