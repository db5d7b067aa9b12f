// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

int main(void)
{
	puts("board2dts: under construction");
	return 0;
}
