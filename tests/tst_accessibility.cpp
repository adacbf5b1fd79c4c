// Accessibility and comfort: names for assistive technology, keyboard focus moving between panes,
// the language chosen in Preferences, the dark theme and the Chinese font fallback.

#include "annotationbar.h"
#include "browser/browserwindow.h"
#include "fonts.h"
#include "i18n.h"
#include "mainwindow.h"
#include "panecycler.h"
#include "preferencesdialog.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "settings.h"
#include "testsupport.h"
#include "theme.h"
#include "trajectorychart.h"
#include "transcriptview.h"
#include "workspace.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QFontDatabase>
#include <QGlyphRun>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRawFont>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>
#include <QTextLayout>
#include <QToolButton>

using namespace sense7;

class TestAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void everyControlHasAName();
    void scalesSayWhatTheyRate();
    void f6CyclesPanes();
    void transcriptShowsFocus();
    void preferencesKeepLanguageAndTheme();
    void languageAppliesOnRestart();
    void darkThemeIsReadable();
    void chineseUsesASimplifiedChineseFace();

private:
    QTemporaryDir m_dir;
    QString m_demo;
};

namespace {

/** What a screen reader announces for \a widget. */
QString spokenName(QWidget *widget)
{
    QAccessibleInterface *face = QAccessible::queryAccessibleInterface(widget);
    return face ? face->text(QAccessible::Name).trimmed() : QString();
}

bool isInteractive(QWidget *w)
{
    return qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w)
        || qobject_cast<QLineEdit *>(w) || qobject_cast<QAbstractSpinBox *>(w)
        || qobject_cast<QTextEdit *>(w) || qobject_cast<QPlainTextEdit *>(w)
        || qobject_cast<QSlider *>(w) || qobject_cast<QAbstractItemView *>(w)
        || qobject_cast<ScaleSelector *>(w);
}

/** Controls that Qt builds inside others (a combo box's editor, a tab bar's arrows). */
bool isPartOfAnotherControl(QWidget *w)
{
    if (qobject_cast<QScrollBar *>(w) || qobject_cast<QHeaderView *>(w))
        return true;
    if (w->objectName().startsWith(QLatin1String("qt_")))
        return true;
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
        if (qobject_cast<QComboBox *>(p) || qobject_cast<QAbstractSpinBox *>(p)
            || qobject_cast<QTabBar *>(p) || qobject_cast<QAbstractItemView *>(p))
            return true;
    }
    return false;
}

/** Interactive controls under \a root with nothing for a screen reader to say. */
QStringList unnamedControls(QWidget *root)
{
    QStringList unnamed;
    const QList<QWidget *> widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        if (!isInteractive(w) || isPartOfAnotherControl(w) || w->isHidden())
            continue;
        if (spokenName(w).isEmpty())
            unnamed << QStringLiteral("%1 \"%2\" in %3")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
                                w->parentWidget() ? QString::fromLatin1(
                                    w->parentWidget()->metaObject()->className())
                                                  : QString());
    }
    return unnamed;
}

} // namespace

void TestAccessibility::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("tst_accessibility"), true);
    m_demo = m_dir.filePath(QStringLiteral("demo.sense7"));
    // No re-rating offer in the middle of a test: a study whose protocol asks for none.
    test::makeDemoDataSet(m_demo, test::withRetest(protocol::sense7(), false, 5, 10));
}

void TestAccessibility::init()
{
    QSettings().clear();
}

void TestAccessibility::cleanup()
{
    theme::apply(QStringLiteral("system"));
    i18n::setLanguage({});
}

void TestAccessibility::everyControlHasAName()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Every tab of the rating panel: the turn's scales, the conversation's, the forms.
    QTabWidget *tabs = window.workspace()->panel()->tabs();
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QApplication::processEvents();
        const QStringList unnamed = unnamedControls(tabs->widget(i));
        QVERIFY2(unnamed.isEmpty(),
                 qPrintable(tabs->tabText(i) + QStringLiteral(": ")
                            + unnamed.join(QStringLiteral("; "))));
    }
    tabs->setCurrentIndex(0);
    QStringList unnamed = unnamedControls(&window);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral("; "))));

    PreferencesDialog preferences(&window);
    preferences.show();
    unnamed = unnamedControls(&preferences);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral("; "))));

    BrowserWindow browser;
    browser.setStore(window.store());
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    unnamed = unnamedControls(&browser);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral("; "))));

    // The check itself notices a control without a name.
    auto *bare = new QToolButton(&preferences);
    bare->show();
    QCOMPARE(unnamedControls(&preferences).size(), 1);
}

void TestAccessibility::scalesSayWhatTheyRate()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    RatingPanel *panel = window.workspace()->panel();
    QCOMPARE(panel->dimensionCount(), 7);
    for (int row = 0; row < panel->dimensionCount(); ++row) {
        ScaleSelector *scale = panel->scale(row);
        QVERIFY(!scale->accessibleName().isEmpty());
        QVERIFY2(!scale->accessibleDescription().isEmpty(), qPrintable(scale->accessibleName()));
        QVERIFY(!scale->toolTip().isEmpty());
    }
    QCOMPARE(panel->scale(0)->accessibleName(), QStringLiteral("Acknowledgment"));
    // The description follows the value, so a screen reader hears the change.
    const QString before = panel->scale(0)->accessibleDescription();
    panel->scale(0)->setFocus();
    panel->rateCurrent(panel->scale(0)->value().toInt() == 2 ? 3 : 2);
    QVERIFY(panel->scale(0)->accessibleDescription() != before);

    // In Chinese the scales carry the Chinese names.
    i18n::setLanguage(QStringLiteral("zh_CN"));
    MainWindow chinese;
    QCOMPARE(chinese.openDataSet(m_demo), QString());
    QCOMPARE(chinese.workspace()->panel()->scale(0)->accessibleName(), QStringLiteral("认可"));
    QVERIFY(chinese.workspace()->panel()->scale(0)->toolTip().startsWith(
        QStringLiteral("在这条回复中")));
}

void TestAccessibility::f6CyclesPanes()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    window.conversationView()->setFocus();
    QApplication::processEvents();
    QCOMPARE(QApplication::focusWidget(), window.conversationView());

    const auto press = [&](Qt::KeyboardModifiers modifiers) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6, modifiers);
        QApplication::processEvents();
        return QApplication::focusWidget();
    };
    RatingPanel *panel = window.workspace()->panel();
    QCOMPARE(press(Qt::NoModifier), window.transcriptView());
    QCOMPARE(press(Qt::NoModifier), panel->scale(panel->currentDimension()));
    QWidget *bar = press(Qt::NoModifier);
    QVERIFY(window.annotationBar()->isAncestorOf(bar));
    QCOMPARE(press(Qt::NoModifier), window.conversationView()); // round again
    QVERIFY(window.annotationBar()->isAncestorOf(press(Qt::ShiftModifier)));
    QCOMPARE(press(Qt::ShiftModifier), panel->scale(panel->currentDimension()));
    QCOMPARE(press(Qt::ShiftModifier), window.transcriptView());

    // The rating keys still work after arriving by F6.
    press(Qt::NoModifier);
    const int row = panel->currentDimension();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_2);
    QCOMPARE(panel->scale(row)->value().toInt(), 2);
}

void TestAccessibility::transcriptShowsFocus()
{
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    TranscriptView *view = window.transcriptView();
    const QColor highlight = view->palette().color(QPalette::Highlight);
    const auto edgeHighlighted = [&] {
        const QImage image = view->viewport()->grab().toImage();
        int hits = 0;
        for (int y = 10; y < image.height() - 10; y += 10)
            hits += QColor(image.pixel(0, y)) == highlight ? 1 : 0;
        return hits;
    };
    window.conversationView()->setFocus();
    QApplication::processEvents();
    QCOMPARE(edgeHighlighted(), 0);
    view->setFocus();
    QApplication::processEvents();
    QVERIFY(view->hasFocus());
    QVERIFY(edgeHighlighted() > 5);
}

void TestAccessibility::preferencesKeepLanguageAndTheme()
{
    PreferencesDialog dialog;
    QComboBox *language = dialog.languageBox();
    QCOMPARE(language->currentData().toString(), QString()); // the system's by default
    QStringList codes;
    for (int i = 0; i < language->count(); ++i)
        codes << language->itemData(i).toString();
    QCOMPARE(codes, (QStringList {QString(), QStringLiteral("en"), QStringLiteral("zh_CN")}));
    QCOMPARE(language->itemText(2), QStringLiteral("简体中文"));

    auto *note = dialog.findChild<QLabel *>(QStringLiteral("restartNote"));
    QVERIFY(note);
    QVERIFY(note->isHidden());
    language->setCurrentIndex(2);
    QVERIFY(!note->isHidden()); // says the change waits for a restart
    dialog.themeBox()->setCurrentIndex(dialog.themeBox()->findData(QStringLiteral("dark")));
    const QByteArray folder = qgetenv("SENSE7_SCREENSHOT_DIR");
    if (!folder.isEmpty()) {
        dialog.show();
        QApplication::processEvents();
        dialog.grab().save(QString::fromLocal8Bit(folder) + QStringLiteral("/preferences.png"));
    }
    dialog.accept();

    const Settings settings;
    QCOMPARE(settings.language.get(), QStringLiteral("zh_CN"));
    QCOMPARE(settings.theme.get(), QStringLiteral("dark"));
    // The language waits for a restart; the theme is applied at once.
    QCOMPARE(i18n::language(), QString());
    QVERIFY(theme::isDark(QApplication::palette()));

    PreferencesDialog again;
    QCOMPARE(again.languageBox()->currentData().toString(), QStringLiteral("zh_CN"));
    again.themeBox()->setCurrentIndex(again.themeBox()->findData(QStringLiteral("system")));
    again.accept();
    QVERIFY(!theme::isDark(QApplication::palette()));
}

void TestAccessibility::languageAppliesOnRestart()
{
    // The studio reads its own settings: write them where it will look.
    const QString config = m_dir.filePath(QStringLiteral("restart-config"));
    {
        QSettings settings(config + QStringLiteral("/Sense-7/Sense-7 Studio.conf"),
                           QSettings::IniFormat);
        settings.setValue(QStringLiteral("appearance/language"), QStringLiteral("zh_CN"));
    }
    const auto help = [&](const QStringList &extra) {
        QProcess studio;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        studio.setProcessEnvironment(env);
        studio.start(QStringLiteral(SENSE7_STUDIO), QStringList {QStringLiteral("--help")} + extra);
        studio.waitForFinished(30000);
        return QString::fromUtf8(studio.readAllStandardOutput());
    };
    const QString chinese = help({});
    QVERIFY2(chinese.contains(QStringLiteral("对 AI 对话中感知到的共情进行评分与分析。")),
             qPrintable(chinese));
    // --language wins for one run; the system's language (C, so English) once the choice is
    // cleared.
    const QString english = help({QStringLiteral("--language"), QStringLiteral("en")});
    QVERIFY2(english.contains(QStringLiteral("Rate and analyse perceived empathy")),
             qPrintable(english));
    QVERIFY(help({QStringLiteral("--language=en")})
                .contains(QStringLiteral("Rate and analyse perceived empathy")));
    {
        QSettings settings(config + QStringLiteral("/Sense-7/Sense-7 Studio.conf"),
                           QSettings::IniFormat);
        settings.setValue(QStringLiteral("appearance/language"), QString());
    }
    QVERIFY(help({}).contains(QStringLiteral("Rate and analyse perceived empathy")));
}

void TestAccessibility::darkThemeIsReadable()
{
    const QPalette dark = theme::dark();
    QVERIFY(theme::isDark(dark));
    // WCAG contrast of text on its background: at least 4.5:1 for the roles people read.
    const auto luminance = [](const QColor &c) {
        const auto channel = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF())
            + 0.0722 * channel(c.blueF());
    };
    const auto contrast = [&](const QColor &a, const QColor &b) {
        const double la = luminance(a), lb = luminance(b);
        return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    };
    const QList<QPair<QPalette::ColorRole, QPalette::ColorRole>> pairs {
        {QPalette::Text, QPalette::Base},
        {QPalette::WindowText, QPalette::Window},
        {QPalette::ButtonText, QPalette::Button},
        {QPalette::HighlightedText, QPalette::Highlight},
        {QPalette::PlaceholderText, QPalette::Base},
        {QPalette::ToolTipText, QPalette::ToolTipBase},
        {QPalette::Link, QPalette::Base},
    };
    for (const auto &[fore, back] : pairs) {
        const double ratio = contrast(dark.color(fore), dark.color(back));
        QVERIFY2(ratio >= 4.5,
                 qPrintable(QStringLiteral("role %1 on %2: %3:1")
                                .arg(int(fore))
                                .arg(int(back))
                                .arg(ratio, 0, 'f', 2)));
    }

    // The studio in the dark theme: transcript and chart backgrounds are dark, not white.
    theme::apply(QStringLiteral("dark"));
    MainWindow window;
    QCOMPARE(window.openDataSet(m_demo), QString());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QApplication::processEvents();
    const QImage image = window.grab().toImage();
    const QByteArray folder = qgetenv("SENSE7_SCREENSHOT_DIR");
    if (!folder.isEmpty())
        image.save(QString::fromLocal8Bit(folder) + QStringLiteral("/studio-dark.png"));
    const auto darkShare = [&](QWidget *widget) {
        const QImage part = widget->grab().toImage();
        int darkPixels = 0, all = 0;
        for (int y = 0; y < part.height(); y += 5) {
            for (int x = 0; x < part.width(); x += 5, ++all)
                darkPixels += QColor(part.pixel(x, y)).lightnessF() < 0.35 ? 1 : 0;
        }
        return double(darkPixels) / std::max(1, all);
    };
    QVERIFY2(darkShare(window.transcriptView()) > 0.5, "the transcript stays light");
    QVERIFY2(darkShare(window.workspace()->chart()) > 0.5, "the chart stays white");
    QVERIFY2(darkShare(window.conversationView()) > 0.5, "the list stays light");
}

void TestAccessibility::chineseUsesASimplifiedChineseFace()
{
    const QStringList chinese = fonts::chineseFamilies();
    QVERIFY2(!chinese.isEmpty(), "no Simplified Chinese font is installed (fonts-noto-cjk)");
    MainWindow window;
    TranscriptView *view = window.transcriptView();
    const QStringList families = view->font().families();
    QVERIFY(families.contains(chinese.first()));

    // Lay out Chinese text with the transcript's font: the glyphs come from a Chinese face,
    // not from the first CJK face fontconfig finds (often the Japanese one).
    QTextLayout layout(QStringLiteral("你忘了我们刚才说的截止日期"), view->font());
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
    const QList<QGlyphRun> runs = layout.glyphRuns();
    QVERIFY(!runs.isEmpty());
    for (const QGlyphRun &run : runs) {
        const QString family = run.rawFont().familyName();
        QVERIFY2(chinese.contains(family, Qt::CaseInsensitive), qPrintable(family));
    }
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
