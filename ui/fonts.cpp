#include "fonts.h"

#include <QFontDatabase>

namespace sense7::fonts {

QStringList chineseFamilies()
{
    // Preferred faces on Linux, macOS and Windows; the first installed ones win.
    static const QStringList preferred {
        QStringLiteral("Noto Sans CJK SC"),   QStringLiteral("Source Han Sans SC"),
        QStringLiteral("Source Han Sans CN"), QStringLiteral("WenQuanYi Micro Hei"),
        QStringLiteral("WenQuanYi Zen Hei"),  QStringLiteral("PingFang SC"),
        QStringLiteral("Microsoft YaHei"),    QStringLiteral("Noto Serif CJK SC"),
        QStringLiteral("AR PL UMing CN"),
    };
    const QStringList installed = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    QStringList result;
    for (const QString &family : preferred) {
        if (installed.contains(family, Qt::CaseInsensitive))
            result << family;
    }
    return result;
}

QFont withChineseFallback(const QFont &base)
{
    QFont font = base;
    QStringList families = base.families();
    if (families.isEmpty())
        families << base.family();
    for (const QString &family : chineseFamilies()) {
        if (!families.contains(family, Qt::CaseInsensitive))
            families << family;
    }
    font.setFamilies(families);
    return font;
}

} // namespace sense7::fonts
