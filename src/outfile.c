// SPDX-License-Identifier: GPL-2.0-only
/*
 * outfile - close an output file; a failed write leaves nothing half written.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtwhy/log.h"
#include "rtwhy/outfile.h"

int outfile_close(FILE *f, const char *what, const char *path)
{
	bool closing = f != stdout;
	struct stat st;
	int err = 0;

	if (fflush(f) || ferror(f))
		err = errno ? errno : EIO;
	if (!closing || fstat(fileno(f), &st))
		st.st_mode = 0;
	if (closing && fclose(f) && !err)
		err = errno ? errno : EIO;
	if (!err)
		return 0;
	if (what)
		log_err("cannot write %s %s: %s", what, path, strerror(err));
	else
		log_err("cannot write %s: %s", path, strerror(err));
	if (S_ISREG(st.st_mode))
		unlink(path);
	return -err;
}
