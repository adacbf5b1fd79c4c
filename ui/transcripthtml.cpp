#include "transcripthtml.h"

#include <QRegularExpression>
#include <QStringList>

namespace sense7::transcript {

namespace {

QString inlineMarkup(const QString &line)
{
    QString html = line.toHtmlEscaped();
    static const QRegularExpression bold(QStringLiteral("\\*\\*(.+?)\\*\\*"));
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    html.replace(bold, QStringLiteral("<b>\\1</b>"));
    html.replace(code, QStringLiteral("<code>\\1</code>"));
    return html;
}

} // namespace

QString messageToHtml(const QString &text, const QColor &codeBackground)
{
    static const QRegularExpression bullet(QStringLiteral("^\\s*[-*•]\\s+(.*)$"));
    static const QRegularExpression numbered(QStringLiteral("^\\s*(\\d+)[.)]\\s+(.*)$"));

    QString html;
    QStringList paragraph;
    QString openList; // "ul", "ol" or empty
    bool inCode = false;
    QStringList code;

    const auto flushParagraph = [&] {
        if (!paragraph.isEmpty())
            html += QStringLiteral("<p>") + paragraph.join(QStringLiteral("<br>"))
                + QStringLiteral("</p>");
        paragraph.clear();
    };
    const auto closeList = [&] {
        if (!openList.isEmpty())
            html += QStringLiteral("</%1>").arg(openList);
        openList.clear();
    };
    const auto openListOf = [&](const QString &kind) {
        if (openList == kind)
            return;
        closeList();
        html += QStringLiteral("<%1 style=\"margin-top:0px;margin-bottom:4px\">").arg(kind);
        openList = kind;
    };

    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.trimmed().startsWith(QLatin1String("```"))) {
            if (inCode) {
                html +=
                    QStringLiteral(
                        "<pre style=\"background-color:%1;white-space:pre-wrap\">%2</pre>")
                        .arg(codeBackground.name(), code.join(QLatin1Char('\n')).toHtmlEscaped());
                code.clear();
                inCode = false;
            } else {
                flushParagraph();
                closeList();
                inCode = true;
            }
            continue;
        }
        if (inCode) {
            code << line;
            continue;
        }
        if (line.trimmed().isEmpty()) {
            flushParagraph();
            closeList();
            continue;
        }
        if (const auto m = bullet.match(line); m.hasMatch()) {
            flushParagraph();
            openListOf(QStringLiteral("ul"));
            html += QStringLiteral("<li>") + inlineMarkup(m.captured(1)) + QStringLiteral("</li>");
            continue;
        }
        if (const auto m = numbered.match(line); m.hasMatch()) {
            flushParagraph();
            openListOf(QStringLiteral("ol"));
            html += QStringLiteral("<li value=\"%1\">").arg(m.captured(1))
                + inlineMarkup(m.captured(2)) + QStringLiteral("</li>");
            continue;
        }
        closeList();
        if (line.startsWith(QLatin1String("> "))) {
            flushParagraph();
            html += QStringLiteral("<blockquote>") + inlineMarkup(line.mid(2))
                + QStringLiteral("</blockquote>");
            continue;
        }
        paragraph << inlineMarkup(line);
    }
    if (inCode) // an unterminated fence still shows its code
        html += QStringLiteral("<pre style=\"background-color:%1;white-space:pre-wrap\">%2</pre>")
                    .arg(codeBackground.name(), code.join(QLatin1Char('\n')).toHtmlEscaped());
    flushParagraph();
    closeList();
    return html;
}

} // namespace sense7::transcript
