// SPDX-License-Identifier: GPL-2.0
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int spawn_wait(char *const argv[], const struct spawn_io *io)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int mode = O_WRONLY | O_CREAT | (io->append ? O_APPEND : O_TRUNC);
		int o = open(io->out ? io->out : "/dev/null", mode, 0644);
		int e = open(io->err ? io->err : "/dev/null", mode, 0600);

		if (o < 0 || e < 0)
			_exit(127);
		if (io->null_stdin) {
			int in = open("/dev/null", O_RDONLY);

			if (in < 0)
				_exit(127);
			dup2(in, 0);
		}
		dup2(o, 1);
		dup2(e, 2);
		execvp(argv[0], argv);
		dprintf(2, "board2dts: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
