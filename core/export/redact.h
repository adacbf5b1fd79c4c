#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

/**
 * Finding and removing what identifies a person in message text before it leaves the machine:
 * email addresses, phone numbers, web addresses, IP addresses and the participant's own list of
 * terms (names, a company). The participant bundle (export/writer.h) uses it, and the share
 * dialog shows the spans it finds.
 */
namespace sense7::redact {

enum class Kind { Email, Url, Phone, IpAddress, Term };

/** The placeholder a span of \a kind becomes: "[email]", "[url]", "[phone]", "[ip]", "[redacted]".
 */
QString placeholder(Kind kind);

struct Span
{
    qsizetype start = 0;
    qsizetype length = 0;
    Kind kind = Kind::Term;

    bool operator==(const Span &o) const
    {
        return start == o.start && length == o.length && kind == o.kind;
    }
};

class Redactor
{
public:
    /**
     * \a terms are matched case-insensitively: as whole words when they are written in a script
     * with spaces between words, anywhere in Chinese or Japanese text. Blank terms are ignored.
     */
    explicit Redactor(const QStringList &terms = {});

    /** The spans to remove from \a text, in order, not overlapping (a web address containing an
     * email address is one span). */
    QVector<Span> find(const QString &text) const;
    /** \a text with every span replaced by its placeholder. */
    QString apply(const QString &text) const;
    /** \a text with \a spans (from find()) replaced. */
    static QString apply(const QString &text, const QVector<Span> &spans);

    const QStringList &terms() const { return m_terms; }

private:
    QStringList m_terms;
};

} // namespace sense7::redact
