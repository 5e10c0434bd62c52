/* The floor for reading a schema: libyaml's own event loop over a file, doing nothing with
   the events. modelgen's reader is measured against this on the same file.
   Build: cc -O2 yaml_event_loop.c -lyaml -o yaml_event_loop
   Run:   ./yaml_event_loop FILE [REPEAT] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE [REPEAT]\n", argv[0]); return 2; }
    int repeat = argc > 2 ? atoi(argv[2]) : 1;
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(size);
    if (fread(bytes, 1, size, file) != (size_t)size) { perror("read"); return 1; }
    fclose(file);
    long events = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int r = 0; r < repeat; r++) {
        yaml_parser_t parser;
        yaml_event_t event;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_string(&parser, bytes, size);
        int done = 0;
        while (!done) {
            if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "parse error\n"); return 1; }
            done = event.type == YAML_STREAM_END_EVENT;
            events++;
            yaml_event_delete(&event);
        }
        yaml_parser_delete(&parser);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ms = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    printf("%ld bytes, %ld events, %.2f ms per pass\n", size, events / repeat, ms / repeat);
    free(bytes);
    return 0;
}
