// The fuzz binary's entry point (see FuzzMain.c).
#pragma once
#include <stddef.h>
#include <stdint.h>

int photosource_fuzz_main(int argc, char **argv);
