/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wrap - break words into lines: the one line-breaking rule of every text
 * that is wrapped (the report's verdicts and hints, rtwhy check's why/do
 * lines, the SVG caption's tspans). Only finds where lines end; the caller
 * prints them its own way.
 */
#ifndef RTWHY_WRAP_H
#define RTWHY_WRAP_H

#include <stdbool.h>
#include <stddef.h>

/**
 * wrap_line() - The next line of @text: as many whole words as fit.
 * @text: the words left, separated by spaces; leading spaces are skipped
 * @width: bytes the line may take (may be 0 or less: one word still comes)
 * @cut: a word longer than @width is cut at @width (never inside a UTF-8
 *       sequence); false: it makes a line of its own, longer than @width
 * @start: receives where the line starts (after the leading spaces)
 *
 * A line of exactly @width bytes fits. The next line starts at
 * *@start + the returned length.
 * Return: the line's length in bytes, without trailing spaces; 0 when no
 * word is left.
 */
size_t wrap_line(const char *text, int width, bool cut, const char **start);

#endif
