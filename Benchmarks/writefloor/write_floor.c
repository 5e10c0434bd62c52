/* The floor for writing an output: the files of a folder written again, byte for byte, into a
   new folder, with the fewest system calls (one open, write and close a file, one mkdir a
   folder), none of them checked against anything. `gen` writes the same files, so its time above
   this one's is what it does besides creating files on this file system.
   The files are read into memory first; only writing them is timed.
   Build: cc -O2 write_floor.c -o write_floor
   Run:   ./write_floor SOURCE DESTINATION   (DESTINATION must not exist) */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    char *path;     /* relative to SOURCE */
    char *bytes;    /* NULL for a folder */
    size_t count;
} Entry;

static Entry *entries;
static size_t entryCount, entryCapacity;

static void add(char *path, char *bytes, size_t count) {
    if (entryCount == entryCapacity) {
        entryCapacity = entryCapacity ? entryCapacity * 2 : 1024;
        entries = realloc(entries, entryCapacity * sizeof *entries);
        if (!entries) { perror("realloc"); exit(1); }
    }
    entries[entryCount++] = (Entry){path, bytes, count};
}

/* Folders before what they hold; names in a folder in the order readdir gives. */
static void load(const char *root, const char *relative) {
    char folder[4096];
    snprintf(folder, sizeof folder, "%s%s%s", root, *relative ? "/" : "", relative);
    DIR *dir = opendir(folder);
    if (!dir) { perror(folder); exit(1); }
    struct dirent *item;
    while ((item = readdir(dir))) {
        if (!strcmp(item->d_name, ".") || !strcmp(item->d_name, "..")) continue;
        char path[4096], full[8200];
        snprintf(path, sizeof path, "%s%s%s", relative, *relative ? "/" : "", item->d_name);
        snprintf(full, sizeof full, "%s/%s", root, path);
        struct stat info;
        if (stat(full, &info) != 0) { perror(full); exit(1); }
        if (S_ISDIR(info.st_mode)) {
            add(strdup(path), NULL, 0);
            load(root, path);
        } else if (S_ISREG(info.st_mode)) {
            char *bytes = malloc(info.st_size ? info.st_size : 1);
            int fd = open(full, O_RDONLY | O_CLOEXEC);
            if (fd < 0 || !bytes || read(fd, bytes, info.st_size) != info.st_size) { perror(full); exit(1); }
            close(fd);
            add(strdup(path), bytes, info.st_size);
        }
    }
    closedir(dir);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s SOURCE DESTINATION\n", argv[0]); return 2; }
    load(argv[1], "");
    size_t files = 0, total = 0;
    double start = now();
    if (mkdir(argv[2], 0755) != 0) { perror(argv[2]); return 1; }
    int root = open(argv[2], O_DIRECTORY | O_RDONLY | O_CLOEXEC);
    if (root < 0) { perror(argv[2]); return 1; }
    for (size_t i = 0; i < entryCount; i++) {
        Entry *e = &entries[i];
        if (!e->bytes) {
            if (mkdirat(root, e->path, 0755) != 0) { perror(e->path); return 1; }
            continue;
        }
        int fd = openat(root, e->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 || write(fd, e->bytes, e->count) != (ssize_t)e->count || close(fd) != 0) { perror(e->path); return 1; }
        files++;
        total += e->count;
    }
    double elapsed = now() - start;
    /* The same shape as the libyaml floor's line: the harness reads the number after "events, "
       there and after "bytes, " here. */
    printf("%zu files, %zu bytes, %.2f ms writing\n", files, total, elapsed);
    return 0;
}
