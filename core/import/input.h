#pragma once

// Private to the importer: opening a file, or the conversations.json inside an export .zip.

#include <QIODevice>
#include <QString>

#include <memory>

class QuaZip;

namespace sense7::import {

struct Input
{
    std::shared_ptr<QuaZip> zip; // owns the archive while device reads from it
    std::unique_ptr<QIODevice> device;
    qint64 size = 0; // bytes the device will deliver (uncompressed), for progress
    QString name; // for messages: "export.zip/conversations.json" or the file name
    Input() = default;
    Input(Input &&) = default;
    Input &operator=(Input &&) = default;
    ~Input();
};

/** Opens \a path for reading; a .zip export yields its conversations.json. Throws Error. */
Input openInput(const QString &path);

/**
 * The message for a NUL byte on \a line of the text file \a source: text files hold none, so the
 * file is damaged, binary, or UTF-16 or UTF-32 without a byte order mark.
 */
QString nulByte(const QString &source, qint64 line);

/** The line of \a bytes that byte \a at is on, from 1; lines end in CR LF, LF or CR alone. */
qint64 lineAt(QByteArrayView bytes, qsizetype at);

} // namespace sense7::import
