// See CSignalSafe.h.
#define _GNU_SOURCE
#include "CSignalSafe.h"

#include <fcntl.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

int animate_remove_flat_folder(const char *path) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return -1;
    // On the stack: a handler must not allocate.
    char buffer[4096] __attribute__((aligned(8)));
    for (;;) {
        long n = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (n <= 0) break;
        // Entries removed while listing shift the rest; list again from the start until empty.
        int removed = 0;
        for (long at = 0; at < n;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + at);
            const char *name = entry->d_name;
            if (!(name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))) {
                if (unlinkat(fd, name, 0) == 0) removed++;
            }
            at += entry->d_reclen;
        }
        // Nothing more could go: stop rather than list the same entries forever.
        if (removed) lseek(fd, 0, SEEK_SET); else break;
    }
    close(fd);
    return rmdir(path);
}

// Child process groups, in fixed slots a handler can walk (0 is a free slot).
#define CHILD_GROUP_SLOTS 64
static _Atomic pid_t child_groups[CHILD_GROUP_SLOTS];

int animate_add_child_group(pid_t group) {
    for (int i = 0; i < CHILD_GROUP_SLOTS; i++) {
        pid_t free_slot = 0;
        if (atomic_compare_exchange_strong(&child_groups[i], &free_slot, group)) return 0;
    }
    return -1;
}

void animate_remove_child_group(pid_t group) {
    for (int i = 0; i < CHILD_GROUP_SLOTS; i++) {
        pid_t expected = group;
        atomic_compare_exchange_strong(&child_groups[i], &expected, 0);
    }
}

void animate_kill_child_groups(int signal) {
    for (int i = 0; i < CHILD_GROUP_SLOTS; i++) {
        pid_t group = atomic_load(&child_groups[i]);
        if (group > 0) kill(-group, signal);
    }
}
