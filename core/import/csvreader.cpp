#include "csvreader.h"

#include "error.h"

#include <QIODevice>
#include <QStringDecoder>

namespace sense7::import {

CsvReader::CsvReader(QIODevice &device, QString source, char separator)
    : m_device(device)
    , m_source(std::move(source))
    , m_separator(separator)
{ }

char CsvReader::guessSeparator(const QByteArray &firstLine)
{
    return firstLine.count('\t') > firstLine.count(',') ? '\t' : ',';
}

bool CsvReader::readLine(QByteArray &line)
{
    line = m_device.readLine();
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
        QStringDecoder decoder(QStringDecoder::Utf8, QStringConverter::Flag::Stateless);
        QString text = decoder(field);
        if (decoder.hasError())
            throw Error(tr("%1: line %2 is not valid UTF-8 text.").arg(m_source).arg(m_line));
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
            } else if (c == '\n' || (c == '\r' && i + 1 < line.size() && line.at(i + 1) == '\n')) {
                break;
            } else if (c == '"') {
                throw Error(tr("%1: line %2: a quote inside an unquoted field; quote the whole "
                               "field and double the quote (\"\").")
                                .arg(m_source)
                                .arg(m_line));
            } else {
                field += c;
            }
        }
        if (!quoted)
            break;
        // A line break inside quotes belongs to the field.
        if (!readLine(line))
            throw Error(tr("%1: the quoted field that starts on line %2 is never closed.")
                            .arg(m_source)
                            .arg(m_recordLine));
    }
    finishField();
    return true;
}

} // namespace sense7::import
