#include <stdbool.h>
#include <mosquitto.h>
