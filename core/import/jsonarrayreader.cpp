#include "jsonarrayreader.h"

#include "error.h"

#include <QIODevice>

#include <cstring>

namespace sense7::import {

namespace {
constexpr qsizetype chunkSize = 1 << 20;
}

JsonArrayReader::JsonArrayReader(QIODevice &device, QString source, QByteArray listKey)
    : m_device(device)
    , m_source(std::move(source))
    , m_listKey(std::move(listKey))
{ }

QByteArray JsonArrayReader::memberKey()
{
    if (peekSignificant() != '"')
        fail(tr("expected a member name"));
    const QByteArray quoted = scanValue();
    if (peekSignificant() != ':')
        fail(tr("expected \":\" after %1").arg(QString::fromUtf8(quoted)));
    ++m_pos;
    if (peekSignificant() == '\0')
        fail(tr("the file ends after %1").arg(QString::fromUtf8(quoted)));
    return quoted.mid(1, quoted.size() - 2);
}

void JsonArrayReader::enterMember()
{
    m_inObject = true;
    ++m_pos; // '{'
    for (bool firstMember = true;; firstMember = false) {
        const char c = peekSignificant();
        if (c == '}' || c == '\0')
            fail(tr("the object has no \"%1\" list").arg(QString::fromUtf8(m_listKey)));
        if (!firstMember) {
            if (c != ',')
                fail(tr("expected \",\" or \"}\""));
            ++m_pos;
        }
        if (memberKey() == m_listKey) {
            if (peekSignificant() != '[')
                fail(tr("\"%1\" is not a list").arg(QString::fromUtf8(m_listKey)));
            return; // the caller steps over '['
        }
        scanValue(); // another member: skipped
    }
}

void JsonArrayReader::leaveObject()
{
    for (;;) {
        const char c = peekSignificant();
        if (c == '}') {
            ++m_pos;
            return;
        }
        if (c != ',')
            fail(c == '\0' ? tr("the file ends before the object is closed")
                           : tr("expected \",\" or \"}\""));
        ++m_pos;
        memberKey();
        scanValue();
    }
}

void JsonArrayReader::fail(const QString &problem) const
{
    const qint64 at = m_consumedBase + m_pos;
    throw Error(tr("%1: %2, at line %3, column %4 (byte %5).")
                    .arg(m_source, problem, QString::number(m_line),
                         QString::number(at - m_lineStart + 1), QString::number(at)));
}

bool JsonArrayReader::fill()
{
    // Drop what was consumed, keeping the current element's bytes if one is being read.
    if (m_pos > 0) {
        m_buffer.remove(0, m_pos);
        m_consumedBase += m_pos;
        m_pos = 0;
    }
    const qsizetype old = m_buffer.size();
    m_buffer.resize(old + chunkSize);
    const qint64 got = m_device.read(m_buffer.data() + old, chunkSize);
    if (got < 0)
        throw Error(tr("%1: cannot read: %2").arg(m_source, m_device.errorString()));
    m_buffer.resize(old + qsizetype(got));
    return got > 0;
}

void JsonArrayReader::advanceLines(qsizetype from, qsizetype to)
{
    const char *data = m_buffer.constData();
    const char *p = data + from;
    const char *end = data + to;
    while (p < end) {
        const void *nl = std::memchr(p, '\n', size_t(end - p));
        if (!nl)
            break;
        p = static_cast<const char *>(nl) + 1;
        ++m_line;
        m_lineStart = m_consumedBase + (p - data);
    }
}

char JsonArrayReader::peekSignificant()
{
    for (;;) {
        if (m_pos >= m_buffer.size() && !fill())
            return '\0';
        const char c = m_buffer.at(m_pos);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (c == '\n') {
                ++m_line;
                m_lineStart = m_consumedBase + m_pos + 1;
            }
            ++m_pos;
            continue;
        }
        return c;
    }
}

bool JsonArrayReader::next(QByteArray &element)
{
    if (m_finished)
        return false;
    if (!m_started) {
        m_started = true;
        if (m_pos >= m_buffer.size())
            fill();
        if (m_buffer.startsWith("\xEF\xBB\xBF"))
            m_pos = 3;
        const char first = peekSignificant();
        if (first == '\0')
            throw Error(tr("%1: the file is empty.").arg(m_source));
        if (!m_listKey.isEmpty() && first == '{')
            enterMember();
        else if (first != '[')
            fail(tr("expected a list of conversations (\"[\")"));
        ++m_pos;
        if (peekSignificant() == ']') {
            ++m_pos;
            m_finished = true;
            if (m_inObject) {
                leaveObject();
                if (peekSignificant() != '\0')
                    fail(tr("unexpected text after the end of the list"));
            }
            return false;
        }
    } else {
        const char c = peekSignificant();
        if (c == ']') {
            ++m_pos;
            m_finished = true;
            if (m_inObject)
                leaveObject();
            if (peekSignificant() != '\0')
                fail(tr("unexpected text after the end of the list"));
            return false;
        }
        if (c != ',')
            fail(c == '\0' ? tr("the file ends before the list is closed")
                           : tr("expected \",\" or \"]\" after conversation %1").arg(m_index));
        ++m_pos;
        if (peekSignificant() == '\0')
            fail(tr("the file ends before the list is closed"));
    }

    ++m_index;
    element = scanValue();
    return true;
}

QByteArray JsonArrayReader::scanValue()
{
    // Scan one element, tracking nesting and strings.
    m_elementOffset = m_consumedBase + m_pos;
    m_elementLine = m_line;
    m_elementColumn = m_elementOffset - m_lineStart + 1;
    qsizetype start = m_pos;
    qsizetype scan = m_pos;
    int depth = 0;
    bool inString = false;
    const char first = m_buffer.at(m_pos);
    const bool scalar = first != '{' && first != '[';
    for (;;) {
        if (scan >= m_buffer.size()) {
            const qsizetype offset = scan - start;
            m_pos = start;
            if (!fill()) {
                // fill() dropped what came before the element: it now starts at m_pos.
                const qsizetype begin = m_pos;
                m_pos = begin + offset;
                advanceLines(begin, m_pos);
                fail(tr("the file ends in the middle of conversation %1 (which starts on line %2)")
                         .arg(QString::number(m_index), QString::number(m_elementLine)));
            }
            start = 0;
            scan = offset;
            continue;
        }
        const char *data = m_buffer.constData();
        const qsizetype size = m_buffer.size();
        if (inString) {
            // Jump to the next quote; it ends the string unless an odd number of backslashes
            // stands before it. Message texts are most of an export, so this loop matters.
            const void *quote = std::memchr(data + scan, '"', std::size_t(size - scan));
            if (!quote) {
                scan = size; // the string goes on in the next chunk
                continue;
            }
            // The element's bytes stay in the buffer from its start, so counting back across a
            // chunk boundary is safe.
            const qsizetype at = static_cast<const char *>(quote) - data;
            qsizetype backslashes = 0;
            for (qsizetype b = at - 1; b > start && data[b] == '\\'; --b)
                ++backslashes;
            scan = at + 1;
            if (backslashes % 2 == 0)
                inString = false;
            continue;
        }
        const char c = data[scan];
        if (scalar) {
            if (c == ',' || c == ']' || c == '}' || c == ':' || c == ' ' || c == '\n' || c == '\r'
                || c == '\t')
                break;
            if (c == '"' && scan == start)
                inString = true;
            ++scan;
            if (!inString && first == '"' && scan > start + 1 && data[scan - 1] == '"')
                break;
            continue;
        }
        ++scan;
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                break;
        }
    }
    m_element = m_buffer.mid(start, scan - start);
    advanceLines(start, scan);
    m_pos = scan;
    return m_element;
}

QString JsonArrayReader::position(qsizetype offsetInElement) const
{
    qint64 line = m_elementLine;
    qint64 column = m_elementColumn;
    const qsizetype end = qMin(offsetInElement, m_element.size());
    for (qsizetype i = 0; i < end; ++i) {
        if (m_element.at(i) == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return tr("line %1, column %2, byte %3")
        .arg(QString::number(line), QString::number(column),
             QString::number(m_elementOffset + end));
}

} // namespace sense7::import
