#pragma once

#include <QColor>
#include <QString>

namespace sense7::transcript {

/**
 * Turns the plain text of a chat message into the HTML subset QTextDocument renders: paragraphs,
 * line breaks, "- " and "1. " lists, "> " quotes, **bold**, `code` and ``` fenced code blocks
 * (monospace, wrapped). All text is escaped; no markup from the message passes through.
 */
QString messageToHtml(const QString &text, const QColor &codeBackground);

} // namespace sense7::transcript
