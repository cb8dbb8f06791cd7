// Compiled C shims for libpng's setjmp-based error handling (Swift cannot call setjmp).
#pragma once
#include <stddef.h>
#include <stdint.h>
