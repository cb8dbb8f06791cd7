"""Schemathesis hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

tus upload chunks (`PATCH /v1/uploads/{upload}`) are `application/offset+octet-stream`, which
schemathesis cannot serialise by itself: chunks are raw bytes, half of them starting with a JPEG
signature so that both the type check's refusal and accepted bytes are exercised.
"""
from hypothesis import strategies as st
import schemathesis

JPEG_START = b"\xff\xd8\xff\xe0"

schemathesis.openapi.media_type(
    "application/offset+octet-stream",
    st.one_of(st.binary(max_size=2048), st.binary(max_size=2048).map(lambda rest: JPEG_START + rest)),
)
