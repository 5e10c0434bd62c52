/* Runs one command and measures it: wall time on a monotonic clock around fork ... wait4, and
   the child's peak resident memory (ru_maxrss from wait4: the largest of the child and the
   descendants it waited for, so for `swift build` its biggest compiler process).
   A separate small process on purpose: a child forked or vfork-spawned from the Swift harness
   would report the harness's own peak memory (about 20 MB) as a floor under its own.
   Usage: bench-run RESULT_FILE TIMEOUT_SECONDS MEMORY_LIMIT_MB PROGRAM [ARGUMENT...]
   Writes "WALL_MS MAXRSS_KB STATUS STOPPED CPU_MS" to RESULT_FILE (CPU_MS: user + system time of
   the child and its waited-for descendants, which a loaded machine inflates far less than wall time); STATUS is the exit code, or 128 +
   the signal; STOPPED is 0, 1 when the timeout stopped the child, 2 when the memory limit did
   (the resident memory of the child and all its descendants, sampled every 200 ms; 0: no limit).
   A compile of a huge generated file can take more memory than a shared machine can spare. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <dirent.h>
#include <unistd.h>

static volatile sig_atomic_t timed_out = 0;

static void on_alarm(int signal_number) {
    (void)signal_number;
    timed_out = 1;  /* the main loop stops the child: nothing here that is not async-signal-safe */
}

/* The child's descendants, found through /proc by parent pid. `swift build` starts its compiler
   processes in process groups of their own, so a process group does not hold them all. */
#define MAX_PROCESSES 65536
static pid_t parent_of[MAX_PROCESSES];
static long resident_kb[MAX_PROCESSES];

static int scan_processes(void) {
    long page_kb = sysconf(_SC_PAGESIZE) / 1024;
    memset(parent_of, 0, sizeof parent_of);
    DIR *proc = opendir("/proc");
    if (!proc) return 0;
    struct dirent *entry;
    while ((entry = readdir(proc))) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        long pid = strtol(entry->d_name, NULL, 10);
        if (pid <= 0 || pid >= MAX_PROCESSES) continue;
        char path[64], buffer[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE *file = fopen(path, "r");
        if (!file) continue;
        size_t length = fread(buffer, 1, sizeof buffer - 1, file);
        fclose(file);
        buffer[length] = 0;
        char *close = strrchr(buffer, ')');  /* the command name may hold spaces */
        int ppid = 0;
        long rss_pages = 0;
        /* after ")": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime
           stime cutime cstime priority nice num_threads itrealvalue starttime vsize rss */
        if (!close || sscanf(close + 2, "%*c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %*u %*u %ld",
                             &ppid, &rss_pages) != 2) continue;
        parent_of[pid] = ppid;
        resident_kb[pid] = rss_pages * page_kb;
    }
    closedir(proc);
    return 1;
}

static int descends_from(pid_t pid, pid_t ancestor) {
    for (int depth = 0; pid > 1 && pid < MAX_PROCESSES && depth < 64; depth++) {
        if (pid == ancestor) return 1;
        pid = parent_of[pid];
    }
    return 0;
}

/* Resident kilobytes of `root` and all its descendants. */
static long tree_rss_kb(pid_t root) {
    if (!scan_processes()) return 0;
    long total = 0;
    for (pid_t pid = 2; pid < MAX_PROCESSES; pid++)
        if (parent_of[pid] && descends_from(pid, root)) total += resident_kb[pid];
    return total;
}

/* Kills `root`'s descendants first (they may sit in other process groups), then its own group. */
static void kill_tree(pid_t root) {
    if (scan_processes())
        for (pid_t pid = 2; pid < MAX_PROCESSES; pid++)
            if (pid != root && parent_of[pid] && descends_from(pid, root)) kill(pid, SIGKILL);
    kill(-root, SIGKILL);
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: %s RESULT_FILE TIMEOUT_SECONDS MEMORY_LIMIT_MB PROGRAM [ARGUMENT...]\n", argv[0]); return 64; }
    const char *result_path = argv[1];
    unsigned timeout = (unsigned)strtoul(argv[2], NULL, 10);
    long limit_kb = strtol(argv[3], NULL, 10) * 1024;
    int over_memory = 0, killed = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_alarm;  /* no SA_RESTART: wait4 returns EINTR */
    sigaction(SIGALRM, &action, NULL);

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 70; }
    if (pid == 0) {
        setpgid(0, 0);
        execvp(argv[4], argv + 4);
        fprintf(stderr, "bench-run: cannot run %s: %s\n", argv[4], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    if (timeout > 0) alarm(timeout);
    int status = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    if (limit_kb > 0) {
        for (;;) {
            pid_t done = wait4(pid, &status, WNOHANG, &usage);
            if (done == pid) break;
            if (done < 0 && errno != EINTR) { perror("wait4"); return 70; }
            if (!over_memory && tree_rss_kb(pid) > limit_kb) { over_memory = 1; kill_tree(pid); }
            if (timed_out && !killed) { killed = 1; kill_tree(pid); }
            usleep(200000);
        }
    } else {
        while (wait4(pid, &status, 0, &usage) < 0) {
            if (errno != EINTR) { perror("wait4"); return 70; }
            if (timed_out && !killed) { killed = 1; kill_tree(pid); }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    alarm(0);
    double ms = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *result = fopen(result_path, "w");
    if (!result) { perror(result_path); return 70; }
    double cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    fprintf(result, "%.3f %ld %d %d %.3f\n", ms, usage.ru_maxrss, code, over_memory ? 2 : (int)timed_out, cpu_ms);
    fclose(result);
    return 0;
}
