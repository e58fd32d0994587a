// zlib, from the system (libz on Linux, the SDK's libz on Apple platforms): gzip for uploads and for the
// loopback collector's decoding, without a package dependency.
#include <zlib.h>
