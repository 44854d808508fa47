// SPDX-License-Identifier: GPL-2.0-only
/*
 * procfs - reading /proc and /sys under a root prefix, so that every parser
 * above it runs the same on the live system and on a fake tree.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "rtwhy/procfs.h"
#include "analysis/util.h"

#define PROCFS_CHUNK 4096

int procfs_path(char *buf, size_t len, const char *root, const char *rel)
{
	int n = snprintf(buf, len, "%s%s", root ? root : "", rel);

	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	return 0;
}

static int procfs_open(const char *root, const char *rel)
{
	char path[4096];
	int fd, ret;

	ret = procfs_path(path, sizeof(path), root, rel);
	if (ret)
		return ret;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* Read with @rd (-errno on error, 0 at the end) from @src into a growing buffer. */
static ssize_t procfs_slurp_with(ssize_t (*rd)(void *src, char *buf, size_t n), void *src,
				 char **out)
{
	size_t cap = PROCFS_CHUNK, used = 0;
	char *buf = malloc(cap + 1), *tmp;
	ssize_t n;

	*out = NULL;
	if (!buf)
		return -ENOMEM;
	for (;;) {
		if (used == cap) {
			tmp = realloc(buf, cap * 2 + 1);
			if (!tmp) {
				free(buf);
				return -ENOMEM;
			}
			buf = tmp;
			cap *= 2;
		}
		n = rd(src, buf + used, cap - used);
		if (n < 0) {
			free(buf);
			return n;
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	buf[used] = '\0';
	*out = buf;
	return (ssize_t)used;
}

static ssize_t procfs_read_fd(void *src, char *buf, size_t n)
{
	ssize_t r;

	do
		r = read(*(int *)src, buf, n);
	while (r < 0 && errno == EINTR);
	return r < 0 ? -errno : r;
}

/* Read @fd to the end into a growing buffer. */
static ssize_t procfs_slurp(int fd, char **out)
{
	return procfs_slurp_with(procfs_read_fd, &fd, out);
}

ssize_t procfs_read(const char *root, const char *rel, char *buf, size_t len)
{
	ssize_t n, used = 0;
	int fd;

	buf[0] = '\0';
	fd = procfs_open(root, rel);
	if (fd < 0)
		return fd;
	while ((size_t)used < len - 1) {
		n = read(fd, buf + used, len - 1 - (size_t)used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;

			close(fd);
			buf[0] = '\0';
			return -err;
		}
		if (n == 0)
			break;
		used += n;
	}
	close(fd);
	while (used > 0 && buf[used - 1] == '\n')
		used--;
	buf[used] = '\0';
	return used;
}

ssize_t procfs_read_all(const char *root, const char *rel, char **out)
{
	ssize_t n;
	int fd;

	*out = NULL;
	fd = procfs_open(root, rel);
	if (fd < 0)
		return fd;
	n = procfs_slurp(fd, out);
	close(fd);
	return n;
}

static ssize_t procfs_read_gz(void *src, char *buf, size_t n)
{
	int r, err;

	if (n > INT_MAX)
		n = INT_MAX;
	r = gzread(src, buf, (unsigned int)n);
	if (r >= 0)
		return r;
	gzerror(src, &err);
	return err == Z_ERRNO ? -errno : -EIO;
}

ssize_t procfs_read_gzip(const char *root, const char *rel, char **out)
{
	ssize_t n;
	gzFile gz;
	int fd;

	*out = NULL;
	fd = procfs_open(root, rel);
	if (fd < 0)
		return fd;
	gz = gzdopen(fd, "rb");
	if (!gz) {
		close(fd);
		return -ENOMEM;
	}
	n = procfs_slurp_with(procfs_read_gz, gz, out);
	/* zlib passes a file that is not gzip through as it is: refuse it */
	if (n >= 0 && gzdirect(gz)) {
		free(*out);
		*out = NULL;
		n = -EIO;
	}
	gzclose_r(gz); /* closes @fd */
	return n;
}

int procfs_read_long(const char *root, const char *rel, long long *out)
{
	char buf[64], *end;
	ssize_t n = procfs_read(root, rel, buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	errno = 0;
	*out = strtoll(buf, &end, 10);
	if (end == buf || errno)
		return -EINVAL;
	while (isspace((unsigned char)*end))
		end++;
	return *end ? -EINVAL : 0;
}

bool procfs_exists(const char *root, const char *rel)
{
	char path[4096];
	struct stat st;

	if (procfs_path(path, sizeof(path), root, rel))
		return false;
	return lstat(path, &st) == 0;
}

static int procfs_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool procfs_is_dir(int dfd, const struct dirent *d)
{
	struct stat st;

	if (d->d_type != DT_UNKNOWN && d->d_type != DT_LNK)
		return d->d_type == DT_DIR;
	return fstatat(dfd, d->d_name, &st, 0) == 0 && S_ISDIR(st.st_mode);
}

int procfs_list(const char *root, const char *rel, bool dirs_only, char ***names)
{
	char path[4096], **list = NULL, **tmp;
	int n = 0, cap = 0, ret;
	struct dirent *d;
	DIR *dir;

	*names = NULL;
	ret = procfs_path(path, sizeof(path), root, rel);
	if (ret)
		return ret;
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((d = readdir(dir))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (dirs_only && !procfs_is_dir(dirfd(dir), d))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			tmp = realloc(list, (size_t)cap * sizeof(*list));
			if (!tmp)
				goto nomem;
			list = tmp;
		}
		list[n] = strdup(d->d_name);
		if (!list[n])
			goto nomem;
		n++;
	}
	closedir(dir);
	if (n)
		qsort(list, (size_t)n, sizeof(*list), procfs_cmp);
	*names = list;
	return n;
nomem:
	closedir(dir);
	procfs_list_free(list, n);
	return -ENOMEM;
}

void procfs_list_free(char **names, int n)
{
	int i;

	for (i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
}

bool procfs_cmdline_param(const char *cmdline, const char *name, char *val, size_t len)
{
	size_t nlen = strlen(name);
	const char *p = cmdline;
	bool found = false;

	while (*p) {
		const char *w, *end;
		bool quoted = false;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		w = p;
		while (*p && (quoted || !isspace((unsigned char)*p))) {
			if (*p == '"')
				quoted = !quoted;
			p++;
		}
		end = p;
		if (end - w == 2 && w[0] == '-' && w[1] == '-')
			break; /* the rest is for init */
		if ((size_t)(end - w) < nlen || strncmp(w, name, nlen))
			continue;
		if (w + nlen != end && w[nlen] != '=')
			continue;
		found = true;
		if (!val)
			continue;
		w += nlen;
		if (w < end && *w == '=')
			w++;
		if (w < end && *w == '"') {
			w++;
			if (end > w && end[-1] == '"')
				end--;
		}
		snprintf(val, len, "%.*s", (int)(end - w), w);
	}
	return found;
}

static void procfs_trim(char *s)
{
	size_t n = strlen(s), i = 0;

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (isspace((unsigned char)s[i]))
		i++;
	memmove(s, s + i, n - i + 1);
}

int procfs_field(const char *text, const char *key, char *val, size_t len)
{
	size_t klen = strlen(key);
	const char *line = text;

	while (line && *line) {
		const char *nl = strchr(line, '\n');
		const char *p = line + klen;
		size_t llen = nl ? (size_t)(nl - line) : strlen(line);

		if (llen > klen && !strncmp(line, key, klen)) {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == ':') {
				p++;
				snprintf(val, len, "%.*s", (int)(llen - (size_t)(p - line)), p);
				procfs_trim(val);
				return 0;
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	if (len)
		val[0] = '\0';
	return -ENOENT;
}

bool procfs_has_word(const char *list, const char *word)
{
	return util_has_word(list, word);
}
