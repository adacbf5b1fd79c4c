#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

class QIODevice;

namespace sense7::import {

/**
 * Streams the elements of a top-level JSON array out of a device, one at a time, without
 * building a document of the whole file: memory stays near the size of the largest element.
 * Knows where each element starts (byte, line, column) so errors inside it can say where.
 * Only the framing is checked here; each element is parsed by the caller.
 */
class JsonArrayReader
{
    Q_DECLARE_TR_FUNCTIONS(sense7::import::JsonArrayReader)

public:
    /**
     * With \a listKey, the file may also be an object whose member \a listKey is the list
     * (Grok's {"conversations": [...]}); its other members are skipped.
     */
    JsonArrayReader(QIODevice &device, QString source, QByteArray listKey = {});

    /** The next element's bytes; false after the closing bracket. Throws Error on bad framing. */
    bool next(QByteArray &element);

    int index() const { return m_index; } // 1-based number of the current element
    qint64 bytesRead() const { return m_consumedBase + m_pos; }
    /** "line L, column C, byte B" of a byte offset inside the current element. */
    QString position(qsizetype offsetInElement) const;
    QString startPosition() const { return position(0); }

private:
    bool fill(); // reads more; false at the end of the device
    char peekSignificant(); // skips white space; '\0' at the end
    void advanceLines(qsizetype from, qsizetype to);
    [[noreturn]] void fail(const QString &problem) const;
    QByteArray scanValue(); // the value at m_pos, a string, number or nested object or list
    QByteArray memberKey(); // an object member's name and its colon
    void enterMember(); // from '{' to the '[' of the member m_listKey
    void leaveObject(); // after the list: the object's other members and its '}'

    QIODevice &m_device;
    QString m_source;
    QByteArray m_listKey;
    bool m_inObject = false;
    QByteArray m_buffer;
    qsizetype m_pos = 0;
    qint64 m_consumedBase = 0; // file offset of m_buffer[0]
    qint64 m_line = 1;
    qint64 m_lineStart = 0; // file offset where the current line starts
    bool m_started = false;
    bool m_finished = false;
    int m_index = 0;
    QByteArray m_element;
    qint64 m_elementOffset = 0;
    qint64 m_elementLine = 1;
    qint64 m_elementColumn = 1;
};

} // namespace sense7::import
