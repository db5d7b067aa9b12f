/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts model: input event types and the key codes boards use. */
#ifndef BOARD2DTS_MODEL_INPUT_H
#define BOARD2DTS_MODEL_INPUT_H

/*
 * With a kernel tree (--kernel), take every code from the kernel's own list
 * (plain #defines, shared with dt-bindings); without one, the common ones.
 */
#if __has_include(<dt-bindings/input/linux-event-codes.h>)
#include <dt-bindings/input/linux-event-codes.h>
#else
#define _UAPI_INPUT_EVENT_CODES_H

#define EV_SYN		0x00
#define EV_KEY		0x01
#define EV_REL		0x02
#define EV_ABS		0x03
#define EV_MSC		0x04
#define EV_SW		0x05

#define SW_LID			0x00
#define SW_TABLET_MODE		0x01
#define SW_HEADPHONE_INSERT	0x02
#define SW_RFKILL_ALL		0x03
#define SW_MICROPHONE_INSERT	0x04
#define SW_DOCK			0x05

#define KEY_RESERVED	0
#define KEY_ESC		1
#define KEY_1		2
#define KEY_2		3
#define KEY_3		4
#define KEY_4		5
#define KEY_5		6
#define KEY_6		7
#define KEY_7		8
#define KEY_8		9
#define KEY_9		10
#define KEY_0		11
#define KEY_BACKSPACE	14
#define KEY_TAB		15
#define KEY_Q		16
#define KEY_W		17
#define KEY_E		18
#define KEY_R		19
#define KEY_T		20
#define KEY_Y		21
#define KEY_ENTER	28
#define KEY_A		30
#define KEY_S		31
#define KEY_D		32
#define KEY_SPACE	57
#define KEY_F1		59
#define KEY_F2		60
#define KEY_F3		61
#define KEY_F4		62
#define KEY_F5		63
#define KEY_F6		64
#define KEY_F7		65
#define KEY_F8		66
#define KEY_F9		67
#define KEY_F10		68
#define KEY_HOME	102
#define KEY_UP		103
#define KEY_PAGEUP	104
#define KEY_LEFT	105
#define KEY_RIGHT	106
#define KEY_END		107
#define KEY_DOWN	108
#define KEY_PAGEDOWN	109
#define KEY_MUTE	113
#define KEY_VOLUMEDOWN	114
#define KEY_VOLUMEUP	115
#define KEY_POWER	116
#define KEY_STOP	128
#define KEY_AGAIN	129
#define KEY_MENU	139
#define KEY_SLEEP	142
#define KEY_WAKEUP	143
#define KEY_PROG1	148
#define KEY_PROG2	149
#define KEY_SCREENLOCK	152
#define KEY_BACK	158
#define KEY_EJECTCD	161
#define KEY_PLAYPAUSE	164
#define KEY_RECORD	167
#define KEY_PHONE	169
#define KEY_CONFIG	171
#define KEY_EXIT	174
#define KEY_PROG3	202
#define KEY_PROG4	203
#define KEY_SUSPEND	205
#define KEY_CAMERA	212
#define KEY_SEARCH	217
#define KEY_BATTERY	236
#define KEY_OK		0x160
#define KEY_SELECT	0x161
#define KEY_RESTART	0x198
#define KEY_CAMERA_FOCUS 0x210

#define BTN_MISC	0x100
#define BTN_0		0x100
#define BTN_1		0x101
#define BTN_2		0x102
#define BTN_3		0x103
#define BTN_4		0x104
#define BTN_5		0x105
#define BTN_6		0x106
#define BTN_7		0x107
#define BTN_8		0x108
#define BTN_9		0x109
#define BTN_LEFT	0x110
#define BTN_RIGHT	0x111
#define BTN_MIDDLE	0x112
#define BTN_SIDE	0x113
#define BTN_EXTRA	0x114
#define BTN_FORWARD	0x115
#define BTN_BACK	0x116
#define BTN_TASK	0x117

#endif /* kernel list */

/* <linux/input/matrix_keypad.h>: a keymap word is row << 24 | col << 16 | code. */
#define _MATRIX_KEYPAD_H
#define MATRIX_MAX_ROWS		32
#define MATRIX_MAX_COLS		32
#define KEY(row, col, val)	((((row) & (MATRIX_MAX_ROWS - 1)) << 24) | \
				 (((col) & (MATRIX_MAX_COLS - 1)) << 16) | \
				 ((val) & 0xffff))

struct matrix_keymap_data {
	const unsigned int *keymap;
	unsigned int keymap_size;
};

struct matrix_keypad_platform_data {
	const struct matrix_keymap_data *keymap_data;
	const unsigned int *row_gpios;
	const unsigned int *col_gpios;
	unsigned int num_row_gpios;
	unsigned int num_col_gpios;
	unsigned int col_scan_delay_us;
	unsigned int debounce_ms;
	unsigned int clustered_irq;
	unsigned int clustered_irq_flags;
	bool active_low;
	bool wakeup;
	bool no_autorepeat;
	bool drive_inactive_cols;
};

#endif
