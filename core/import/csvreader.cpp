#include "csvreader.h"

#include "error.h"
#include "input.h"

#include <QIODevice>
#include <QStringDecoder>

namespace sense7::import {

CsvReader::CsvReader(QIODevice &device, QString source, char separator)
    : m_device(device)
    , m_source(std::move(source))
    , m_separator(separator)
{ }

qsizetype CsvReader::firstLineLength(const QByteArray &head)
{
    for (qsizetype i = 0; i < head.size(); ++i) {
        if (head.at(i) == '\n' || head.at(i) == '\r')
            return i;
    }
    return head.size();
}

char CsvReader::guessSeparator(const QByteArray &head)
{
    const QByteArrayView firstLine = QByteArrayView(head).first(firstLineLength(head));
    return firstLine.count('\t') > firstLine.count(',') ? '\t' : ',';
}

bool CsvReader::readLine(QByteArray &line)
{
    if (m_first) {
        // A lone CR ending the first line means the file's lines all end that way.
        const QByteArray head = m_device.peek(qint64(64) * 1024);
        const qsizetype end = firstLineLength(head);
        m_crOnly = end + 1 < head.size() && head.at(end) == '\r' && head.at(end + 1) != '\n';
    }
    if (!m_crOnly) {
        line = m_device.readLine();
    } else {
        // QIODevice::readLine() ends lines at LF only: split at CR here.
        qsizetype cr = m_buffer.indexOf('\r', m_at);
        while (cr < 0) {
            const QByteArray more = m_device.read(qint64(64) * 1024);
            if (more.isEmpty())
                break;
            m_buffer.remove(0, m_at);
            m_at = 0;
            m_buffer += more;
            cr = m_buffer.indexOf('\r');
        }
        const qsizetype end = cr < 0 ? m_buffer.size() : cr + 1;
        line = m_buffer.mid(m_at, end - m_at);
        m_at = end;
    }
    if (line.isEmpty())
        return false;
    ++m_line;
    m_bytes += line.size();
    if (m_first) {
        m_first = false;
        if (line.startsWith("\xEF\xBB\xBF"))
            line.remove(0, 3);
    }
    return true;
}

bool CsvReader::next(QStringList &fields)
{
    fields.clear();
    QByteArray line;
    // Skip blank lines between records.
    do {
        if (!readLine(line))
            return false;
    } while (line.trimmed().isEmpty());
    m_recordLine = m_line;

    QByteArray field;
    bool quoted = false; // inside a quoted field
    bool wasQuoted = false; // the current field was quoted
    const auto finishField = [&] {
        // First: UTF-16 text is not valid UTF-8 either, and this says what it likely is. A
        // quoted field may span lines, each ending in a line feed kept in it.
        if (const qsizetype nul = field.indexOf('\0'); nul >= 0)
            throw Error(nulByte(m_source, m_line - QByteArrayView(field).sliced(nul).count('\n')));
        QStringDecoder decoder(QStringDecoder::Utf8, QStringConverter::Flag::Stateless);
        QString text = decoder(field);
        if (decoder.hasError())
            throw Error(
                tr("%1: line %2 is not valid UTF-8 text.").arg(m_source, QString::number(m_line)));
        fields << (wasQuoted ? text : text.trimmed());
        field.clear();
        wasQuoted = false;
    };

    for (;;) {
        for (qsizetype i = 0; i < line.size(); ++i) {
            const char c = line.at(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.size() && line.at(i + 1) == '"') {
                        field += '"';
                        ++i;
                    } else {
                        quoted = false;
                    }
                } else if (c == '\r' && m_crOnly && i + 1 == line.size()) {
                    field += '\n'; // a line break inside quotes, the old Mac way
                } else {
                    field += c;
                }
                continue;
            }
            if (c == '"' && field.trimmed().isEmpty()) {
                field.clear();
                quoted = true;
                wasQuoted = true;
            } else if (c == m_separator) {
                finishField();
            } else if (c == '\n'
                       || (c == '\r' && (i + 1 == line.size() || line.at(i + 1) == '\n'))) {
                break;
            } else if (c == '"') {
                throw Error(tr("%1: line %2: a quote inside an unquoted field; quote the whole "
                               "field and double the quote (\"\").")
                                .arg(m_source, QString::number(m_line)));
            } else {
                field += c;
            }
        }
        if (!quoted)
            break;
        // A line break inside quotes belongs to the field.
        if (!readLine(line))
            throw Error(tr("%1: the quoted field that starts on line %2 is never closed.")
                            .arg(m_source, QString::number(m_recordLine)));
    }
    finishField();
    return true;
}

} // namespace sense7::import
