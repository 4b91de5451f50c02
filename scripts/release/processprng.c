/*
 * A stand-in for bcryptprimitives.dll, which every Windows Rust supports has
 * and Rust's standard library imports (ProcessPrng, its source of random
 * bytes) but Debian's Wine 8 does not ship. scripts/release.sh builds it
 * with zig and puts it beside a copy of the windows-gnu CLI it runs under
 * Wine; it is never packed or shipped. ProcessPrng fills the buffer from
 * RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
