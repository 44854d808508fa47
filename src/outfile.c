// SPDX-License-Identifier: GPL-2.0-only
/*
 * outfile - close an output file; a failed write leaves nothing half written.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/util.h"
#include "rtwhy/log.h"
#include "rtwhy/outfile.h"

static void outfile_say(const char *what, const char *path, int err)
{
	log_err("cannot write %s %s: %s", what, path, strerror(err));
}

int outfile_open(const char *path, const char *what, FILE **f)
{
	int err;

	*f = fopen(path, "w");
	if (*f)
		return 0;
	err = errno;
	outfile_say(what, path, err);
	return -err;
}

/* Flush and close @f (never stdout); 0 or the errno of the first failure. */
static int outfile_finish(FILE *f, const char *path, bool remove)
{
	bool closing = f != stdout;
	struct stat st;
	int err = 0;

	errno = 0; /* an earlier, unrelated failure must not become this file's reason */
	if (fflush(f) || ferror(f))
		err = errno ? errno : util_write_errno(fileno(f), EIO); /* a failure stdio forgot */
	if (!closing || fstat(fileno(f), &st))
		st.st_mode = 0;
	if (closing && fclose(f) && !err)
		err = errno ? errno : EIO;
	if ((err || remove) && S_ISREG(st.st_mode))
		unlink(path);
	return err;
}

void outfile_discard(FILE *f, const char *path)
{
	outfile_finish(f, path, true);
}

int outfile_close(FILE *f, const char *what, const char *path)
{
	int err = outfile_finish(f, path, false);

	if (err)
		outfile_say(what, path, err);
	return -err;
}
