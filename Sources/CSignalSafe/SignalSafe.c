// See CSignalSafe.h.
#define _GNU_SOURCE
#include "CSignalSafe.h"

#include <fcntl.h>
#include <stddef.h>
#include <sys/syscall.h>
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
