// Umbrella header for the system library, plus typed shims for what Swift cannot call.
//
// Why the shims exist: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are
// variadic C functions, which Swift cannot call. Each shim below fixes the argument type,
// so Swift sees an ordinary typed function. Everything here is `static inline`, so the
// system-library target stays header-only.
#pragma once
#include <curl/curl.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

// Needs 7.85.0 (CURLOPT_PROTOCOLS_STR) and 7.80.0 (CURLOPT_PREREQFUNCTION); Debian 12 ships 7.88.1.
#if LIBCURL_VERSION_NUM < 0x075500
#error "PhotoNetworking needs libcurl 7.85.0 or newer (CURLOPT_PROTOCOLS_STR)."
#endif

/// The value a socket callback returns to refuse a connection (CURL_SOCKET_BAD).
static const curl_socket_t CCurl_socket_bad = CURL_SOCKET_BAD;

static inline CURLcode CCurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION (same prototype).
static inline CURLcode CCurl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_opensocket_callback(CURL *handle, curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}

static inline CURLcode CCurl_setopt_prereq_callback(CURL *handle, curl_prereq_callback value) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, value);
}

static inline CURLcode CCurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode CCurl_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode CCurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// Writes the numeric address of `address` into `buffer` (at least INET6_ADDRSTRLEN bytes).
/// Returns 0 on success, -1 for an address family other than IPv4 and IPv6.
static inline int CCurl_sockaddr_string(const struct curl_sockaddr *address, char *buffer, socklen_t length) {
    if (address->family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)&address->addr;
        return inet_ntop(AF_INET, &v4->sin_addr, buffer, length) ? 0 : -1;
    }
    if (address->family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)&address->addr;
        return inet_ntop(AF_INET6, &v6->sin6_addr, buffer, length) ? 0 : -1;
    }
    return -1;
}

/// Opens the socket curl asked for (what curl does itself when there is no callback).
static inline curl_socket_t CCurl_open_socket(const struct curl_sockaddr *address) {
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

/// For CURLOPT_READFUNCTION: a request body read piece by piece (a streamed upload).
static inline CURLcode CCurl_setopt_read_callback(CURL *handle, curl_read_callback value) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, value);
}

/// For CURLOPT_SEEKFUNCTION: rewinds a streamed upload when curl must send it again.
static inline CURLcode CCurl_setopt_seek_callback(CURL *handle, curl_seek_callback value) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, value);
}
