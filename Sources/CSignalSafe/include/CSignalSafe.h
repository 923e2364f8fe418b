// File removal a signal handler may do: only async-signal-safe system calls, no allocation.
#ifndef C_SIGNAL_SAFE_H
#define C_SIGNAL_SAFE_H

/// Removes the folder at `path` and the files in it (not subfolders), with system calls alone
/// (open, getdents64, unlinkat, rmdir): safe in a signal handler. Returns 0, or -1 with errno.
int animate_remove_flat_folder(const char *path);

#endif
