#include "CImagingShim.h"
