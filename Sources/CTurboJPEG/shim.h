// Umbrella header for the system library; typed shims for what Swift cannot call go here.
#pragma once
#include <turbojpeg.h>
