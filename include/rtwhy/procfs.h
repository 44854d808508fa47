/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * procfs - read /proc and /sys files under a root directory prefix: "" for
 * the running system, a fake tree (tests/fixtures/sysroot-*) in the unit
 * tests. Small text helpers over what those files hold: the kernel command
 * line, "Key: value" lines, directory listings. No file is ever written.
 */
#ifndef RTWHY_PROCFS_H
#define RTWHY_PROCFS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/**
 * procfs_path() - Join @root and @rel ("/proc/interrupts") into @buf.
 * @buf: output
 * @len: size of @buf
 * @root: directory prefix, "" for the running system
 * @rel: absolute path on the target system
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int procfs_path(char *buf, size_t len, const char *root, const char *rel);

/**
 * procfs_read() - Read a small file, without its trailing newlines.
 * @root: directory prefix
 * @rel: path on the target system
 * @buf: output, always NUL-terminated
 * @len: size of @buf; a longer file is cut
 *
 * Return: the number of bytes in @buf, or -errno (@buf is then "").
 */
ssize_t procfs_read(const char *root, const char *rel, char *buf, size_t len);

/**
 * procfs_read_all() - Read a whole file of any size.
 * @root: directory prefix
 * @rel: path on the target system
 * @out: malloc'd, NUL-terminated text; free() it
 *
 * Return: the length, or -errno (*@out is then NULL).
 */
ssize_t procfs_read_all(const char *root, const char *rel, char **out);

/**
 * procfs_read_gzip() - Read a gzip-compressed file (/proc/config.gz).
 * @root: directory prefix
 * @rel: path on the target system
 * @out: malloc'd, NUL-terminated text; free() it
 *
 * Decompresses with zlib.
 * Return: the length, or -errno (-ENOENT: no such file, -EIO: not gzip).
 */
ssize_t procfs_read_gzip(const char *root, const char *rel, char **out);

/**
 * procfs_read_long() - Read a file holding one decimal integer.
 * @root: directory prefix
 * @rel: path on the target system
 * @out: the number
 *
 * Return: 0, -errno from reading, or -EINVAL if it is not a number.
 */
int procfs_read_long(const char *root, const char *rel, long long *out);

/**
 * procfs_exists() - Does a path exist?
 * @root: directory prefix
 * @rel: path on the target system
 *
 * Return: true if it exists (whatever its type or permissions).
 */
bool procfs_exists(const char *root, const char *rel);

/**
 * procfs_list() - The names in a directory, sorted.
 * @root: directory prefix
 * @rel: path on the target system
 * @dirs_only: only subdirectories
 * @names: malloc'd array of malloc'd names; procfs_list_free() it
 *
 * Return: the number of names, or -errno.
 */
int procfs_list(const char *root, const char *rel, bool dirs_only, char ***names);

/**
 * procfs_list_free() - Free what procfs_list() returned.
 * @names: the array, may be NULL
 * @n: its length
 */
void procfs_list_free(char **names, int n);

/**
 * procfs_cmdline_param() - Find a parameter on a kernel command line.
 * @cmdline: the text of /proc/cmdline
 * @name: e.g. "threadirqs" or "isolcpus"
 * @val: receives the text after '=' ("" for a bare flag); may be NULL
 * @len: size of @val
 *
 * Words after " -- " belong to init and are not looked at; a quoted value
 * (name="a b") loses its quotes. The last occurrence wins, as in the kernel.
 * Return: true if @name is there.
 */
bool procfs_cmdline_param(const char *cmdline, const char *name, char *val, size_t len);

/**
 * procfs_field() - The value of a "Key: value" or "key\t: value" line.
 * @text: e.g. /proc/PID/status or /proc/cpuinfo
 * @key: the key, e.g. "Cpus_allowed_list"
 * @val: receives the value, trimmed
 * @len: size of @val
 *
 * Return: 0, or -ENOENT when no line has that key (the first one counts).
 */
int procfs_field(const char *text, const char *key, char *val, size_t len);

/**
 * procfs_has_word() - Is @word one of the space-separated words of @list?
 * @list: e.g. the flags of /proc/cpuinfo or available_tracers
 * @word: the word
 *
 * Return: true if present as a whole word.
 */
bool procfs_has_word(const char *list, const char *word);

#endif
