#include "redact.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace sense7::redact {
namespace {

using Re = QRegularExpression;

const Re &urlPattern()
{
    static const Re re(QStringLiteral(
        R"((?<![A-Za-z0-9@.])(?:(?:https?|ftp)://|www\.)[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=%]+)"));
    return re;
}

/**
 * An address in any script (josé@correo.es, user@bücher.de, 张伟@qq.com). Text in Chinese,
 * Japanese or Korean runs on without spaces, so a name in those scripts right before the @ is
 * taken with every such letter before it: more is removed rather than a name left.
 */
const Re &emailPattern()
{
    static const Re re(QStringLiteral(
        R"((?:(?:(?![\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}])[\p{L}\p{M}\p{N}._%+\-])+)"
        R"(|[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]+))"
        R"(@[\p{L}\p{M}\p{N}\-]+(?:\.[\p{L}\p{M}\p{N}\-]+)*\.[\p{L}\p{M}]{2,})"));
    return re;
}

const Re &ipv4Pattern()
{
    static const Re re(QStringLiteral(
        R"((?<![0-9.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?::\d{1,5})?(?![0-9]|\.\d))"));
    return re;
}

const Re &ipv6Pattern()
{
    static const Re re(QStringLiteral(
        R"((?<![0-9A-Za-z:])(?:[0-9A-Fa-f]{1,4}:){1,7}(?::|[0-9A-Fa-f]{1,4})(?::?[0-9A-Fa-f]{1,4})*(?![0-9A-Za-z:]))"));
    return re;
}

// Candidates only: phoneLike() decides.
const Re &phonePattern()
{
    static const Re re(QStringLiteral(
        R"((?<![0-9A-Za-z+.,])(?:\+ ?\d{1,3}[ .\-]?)?(?:\(\d{1,4}\)[ .\-]?)?\d{1,4}(?:[ .\-]?\d{2,4}){1,5}(?![0-9A-Za-z]|[.,]\d))"));
    return re;
}

int digitCount(QStringView text)
{
    return int(std::count_if(text.begin(), text.end(), [](QChar c) { return c.isDigit(); }));
}

bool isIpv6(QStringView text)
{
    const int colons = int(text.count(QLatin1Char(':')));
    return digitCount(text) > 0 && (colons == 7 || text.contains(QLatin1String("::")))
        && colons >= 2;
}

/** Telephone numbers, not dates, years, amounts, versions or other numbers. */
bool isPhone(const QString &text)
{
    const int digits = digitCount(text);
    if (digits < 7 || digits > 15)
        return false;
    if (text.startsWith(QLatin1Char('+')) || text.contains(QLatin1Char('(')))
        return true;
    static const Re chineseMobile(QStringLiteral(R"(^1[3-9]\d{9}$)"));
    if (chineseMobile.match(text).hasMatch())
        return true;
    static const Re separator(QStringLiteral("[ .\\-]"));
    const QStringList groups = text.split(separator, Qt::SkipEmptyParts);
    static const Re localNumber(QStringLiteral(R"(^\d{3}-\d{4}$)"));
    if (localNumber.match(text).hasMatch())
        return true;
    if (groups.size() < 3)
        return false;
    static const Re date(
        QStringLiteral(R"(^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$)"));
    if (date.match(text).hasMatch())
        return false;
    const bool years = std::all_of(groups.begin(), groups.end(), [](const QString &g) {
        return g.size() == 4
            && (g.startsWith(QLatin1String("19")) || g.startsWith(QLatin1String("20")));
    });
    if (years)
        return false;
    // 1.000.000: thousands, not a number to call.
    const bool thousands = !text.contains(QLatin1Char(' ')) && !text.contains(QLatin1Char('-'))
        && std::all_of(groups.begin() + 1, groups.end(),
                       [](const QString &g) { return g.size() == 3; });
    return !thousands;
}

bool hasCjk(const QString &text)
{
    static const Re cjk(QStringLiteral(R"([\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}])"));
    return cjk.match(text).hasMatch();
}

void collect(const Re &re, const QString &text, Kind kind, QVector<Span> &spans,
             bool (*accept)(const QString &) = nullptr)
{
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        QString found = m.captured(0);
        if (kind == Kind::Url) {
            // Sentence punctuation after an address, and a closing bracket it did not open.
            while (!found.isEmpty()) {
                const QChar last = found.back();
                if (QStringLiteral(".,;:!?'").contains(last)
                    || (last == QLatin1Char(')')
                        && found.count(QLatin1Char('(')) < found.count(QLatin1Char(')')))
                    || (last == QLatin1Char(']')
                        && found.count(QLatin1Char('[')) < found.count(QLatin1Char(']'))))
                    found.chop(1);
                else
                    break;
            }
        }
        if (found.isEmpty() || (accept && !accept(found)))
            continue;
        spans.append({m.capturedStart(0), found.size(), kind});
    }
}

} // namespace

QString placeholder(Kind kind)
{
    switch (kind) {
    case Kind::Email:
        return QStringLiteral("[email]");
    case Kind::Url:
        return QStringLiteral("[url]");
    case Kind::Phone:
        return QStringLiteral("[phone]");
    case Kind::IpAddress:
        return QStringLiteral("[ip]");
    case Kind::Term:
        break;
    }
    return QStringLiteral("[redacted]");
}

Redactor::Redactor(const QStringList &terms)
{
    for (const QString &term : terms) {
        const QString t = term.simplified();
        if (!t.isEmpty() && !m_terms.contains(t, Qt::CaseInsensitive))
            m_terms.append(t);
    }
    // Longer terms first, so "Acme Corp" wins over "Acme".
    std::sort(m_terms.begin(), m_terms.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
}

QVector<Span> Redactor::find(const QString &text) const
{
    QVector<Span> spans;
    if (text.isEmpty())
        return spans;
    collect(urlPattern(), text, Kind::Url, spans);
    if (text.contains(QLatin1Char('@')))
        collect(emailPattern(), text, Kind::Email, spans);
    collect(ipv4Pattern(), text, Kind::IpAddress, spans);
    if (text.contains(QLatin1Char(':')))
        collect(ipv6Pattern(), text, Kind::IpAddress, spans,
                [](const QString &s) { return isIpv6(s); });
    collect(phonePattern(), text, Kind::Phone, spans, isPhone);
    for (const QString &term : m_terms) {
        QString pattern = Re::escape(term);
        pattern.replace(QLatin1String("\\ "), QLatin1String("\\s+"));
        if (!hasCjk(term))
            pattern = QStringLiteral(R"((?<![\p{Latin}\p{Greek}\p{Cyrillic}\p{N}_]))") + pattern
                + QStringLiteral(R"((?![\p{Latin}\p{Greek}\p{Cyrillic}\p{N}_]))");
        const Re re(pattern, Re::CaseInsensitiveOption | Re::UseUnicodePropertiesOption);
        collect(re, text, Kind::Term, spans);
    }

    // In order; where spans overlap, one span covers both, of the longer one's kind.
    std::sort(spans.begin(), spans.end(), [](const Span &a, const Span &b) {
        return a.start != b.start ? a.start < b.start : a.length > b.length;
    });
    QVector<Span> merged;
    for (const Span &s : std::as_const(spans)) {
        if (!merged.isEmpty() && s.start < merged.back().start + merged.back().length) {
            Span &last = merged.back();
            const qsizetype end = std::max(last.start + last.length, s.start + s.length);
            if (s.length > last.length)
                last.kind = s.kind;
            last.length = end - last.start;
            continue;
        }
        merged.append(s);
    }
    return merged;
}

QString Redactor::apply(const QString &text) const
{
    return apply(text, find(text));
}

QString Redactor::apply(const QString &text, const QVector<Span> &spans)
{
    QString result;
    result.reserve(text.size());
    qsizetype at = 0;
    for (const Span &s : spans) {
        result += QStringView(text).mid(at, s.start - at);
        result += placeholder(s.kind);
        at = s.start + s.length;
    }
    result += QStringView(text).mid(at);
    return result;
}

} // namespace sense7::redact
