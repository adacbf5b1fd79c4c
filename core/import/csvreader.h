#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QIODevice;

namespace sense7::import {

/**
 * RFC 4180 records from a device, streamed: quoted fields with doubled quotes, line breaks
 * inside quotes, CRLF, LF or CR (old Mac spreadsheets; told from the first line break), an
 * optional UTF-8 byte order mark, and a chosen separator (',' or tab). Invalid UTF-8 and
 * unterminated quotes are errors that name the line.
 */
class CsvReader
{
    Q_DECLARE_TR_FUNCTIONS(sense7::import::CsvReader)

public:
    CsvReader(QIODevice &device, QString source, char separator = ',');

    /** The next record; false at the end. Empty lines are skipped. */
    bool next(QStringList &fields);
    /** The line the last record started on (1-based). */
    qint64 line() const { return m_recordLine; }
    qint64 bytesRead() const { return m_bytes; }

    /** ',' or '\t', whichever the header line (the first line of \a head) uses more. */
    static char guessSeparator(const QByteArray &head);
    /** The length of the first line of \a head, without its line break (CR, LF or CRLF). */
    static qsizetype firstLineLength(const QByteArray &head);

private:
    bool readLine(QByteArray &line);

    QIODevice &m_device;
    QString m_source;
    char m_separator;
    qint64 m_line = 0;
    qint64 m_recordLine = 0;
    qint64 m_bytes = 0;
    bool m_first = true;
    bool m_crOnly = false; // lines end in a lone CR
    QByteArray m_buffer; // read ahead, for lines that end in CR
    qsizetype m_at = 0; // the start of the next line in m_buffer
};

} // namespace sense7::import
