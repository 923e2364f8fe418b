// File removal a signal handler may do: only async-signal-safe system calls, no allocation.
#ifndef C_SIGNAL_SAFE_H
#define C_SIGNAL_SAFE_H

/// Removes the folder at `path` and the files in it (not subfolders), with system calls alone
/// (open, getdents64, unlinkat, rmdir): safe in a signal handler. Returns 0, or -1 with errno.
int animate_remove_flat_folder(const char *path);

#include <sys/types.h>

/// Remembers `group`, a child's process group (a compiler and the jobs it starts), so that
/// `animate_kill_child_groups` reaches it. Returns 0, or -1 when every slot is taken.
int animate_add_child_group(pid_t group);

/// Forgets `group` (it has ended).
void animate_remove_child_group(pid_t group);

/// Sends `signal` to every remembered process group, with `kill` alone: safe in a signal handler.
void animate_kill_child_groups(int signal);

#endif
