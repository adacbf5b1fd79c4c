// sense7-studio: the desktop application. Parses arguments, installs translations, hands over.

#include "chatpane.h"
#include "conversationtablemodel.h"
#include "error.h"
#include "fonts.h"
#include "i18n.h"
#include "livestudy.h"
#include "mainwindow.h"
#include "settings.h"
#include "startup.h"
#include "store.h"
#include "theme.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QIcon>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTimer>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Sense-7"));
    QApplication::setApplicationName(QStringLiteral("Sense-7 Studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("Sense-7 Studio"));
    QApplication::setApplicationVersion(QStringLiteral(SENSE7_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("org.sense7.Studio"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/org.sense7.Studio.svg")));
    {
        // --language and --theme win for this run; then Preferences; then the system. They are
        // read before the parser is built, so that its help is already translated.
        // Both spellings QCommandLineParser accepts: "--theme dark" and "--theme=dark".
        const QStringList arguments = QApplication::arguments();
        const auto given = [&arguments](const QString &name, const QString &fallback) {
            QString value = fallback;
            for (int i = 1; i < arguments.size(); ++i) {
                if (arguments[i] == name && i + 1 < arguments.size())
                    value = arguments[i + 1];
                else if (arguments[i].startsWith(name + QLatin1Char('=')))
                    value = arguments[i].mid(name.size() + 1);
            }
            return value;
        };
        const sense7::Settings settings;
        const QString language = given(QStringLiteral("--language"), settings.language.get());
        const QString theme = given(QStringLiteral("--theme"), settings.theme.get());
        sense7::i18n::install(language.isEmpty() ? QLocale() : QLocale(language));
        sense7::theme::apply(theme);
    }
    QApplication::setFont(sense7::fonts::withChineseFallback(QApplication::font()));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Rate and analyse perceived empathy in AI conversations."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("DB"),
                                 QApplication::translate("main", "The data set to open."),
                                 QStringLiteral("[DB]"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a picture of the window to FILE (PNG) and quit."),
        QStringLiteral("FILE"));
    parser.addOption(screenshot);
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QApplication::translate("main",
                                "Open the illustrative demo data (a copy in your data folder)."));
    parser.addOption(demo);
    const QCommandLineOption conversation(
        QStringLiteral("conversation"),
        QApplication::translate(
            "main", "Start on the conversation KEY: its id, source id or content hash."),
        QStringLiteral("KEY"));
    parser.addOption(conversation);
    const QCommandLineOption resume(
        QStringLiteral("resume"),
        QApplication::translate("main",
                                "Resume the live conversation given by --conversation in a new "
                                "sitting (Study > Resume conversation)."));
    parser.addOption(resume);
    const QCommandLineOption message(
        QStringLiteral("message"),
        QApplication::translate("main",
                                "With --resume: send TEXT, as if typed and sent with Ctrl+Enter."),
        QStringLiteral("TEXT"));
    parser.addOption(message);
    const QCommandLineOption draft(
        QStringLiteral("draft"),
        QApplication::translate("main",
                                "With --resume: leave TEXT typed, unsent, in the message box."),
        QStringLiteral("TEXT"));
    parser.addOption(draft);
    parser.addOption(
        {QStringLiteral("language"),
         QApplication::translate("main",
                                 "Show the studio in LANG (en, zh_CN) this time, whatever "
                                 "Preferences say."),
         QStringLiteral("LANG")});
    parser.addOption({QStringLiteral("theme"),
                      QApplication::translate("main", "Use the light or dark theme this time."),
                      QStringLiteral("light|dark")});
    parser.process(app);

    sense7::MainWindow window;
    QString error;
    try {
        const QString argument = parser.positionalArguments().value(0);
        const QString path = parser.isSet(demo) && argument.isEmpty()
            ? sense7::startup::ensureDemoDataSet()
            : sense7::startup::dataSetToOpen(argument, sense7::Settings());
        error = window.openDataSet(path);
        // A large data set's list is read on a thread: the conversation is chosen in it once
        // read (once: another program's changes may keep a next read coming).
        if (parser.isSet(conversation) && window.conversations()->isLoading()) {
            QEventLoop listed;
            QObject::connect(window.conversations(), &sense7::ConversationTableModel::loaded,
                             &listed, &QEventLoop::quit);
            listed.exec();
        }
        // A damaged data set shows only its banner (window.store() is null).
        if (error.isEmpty() && parser.isSet(conversation) && window.store()
            && !window.selectConversation(
                window.store()->findConversation(parser.value(conversation))))
            error = QApplication::translate("main", "%1 has no conversation %2.")
                        .arg(path, parser.value(conversation));
        if (error.isEmpty() && parser.isSet(resume)) {
            sense7::LiveStudy *live = window.liveStudy();
            if (!window.store() || !live->resumeConversation())
                error = QApplication::translate("main", "%1: cannot resume %2: %3")
                            .arg(path, parser.value(conversation), live->resumeAction()->toolTip());
            if (error.isEmpty() && parser.isSet(message)) {
                live->pane()->messageBox()->setPlainText(parser.value(message));
                if (!live->pane()->send())
                    error = live->pane()->statusLabel()->text();
            }
            if (parser.isSet(draft))
                live->pane()->messageBox()->setPlainText(parser.value(draft));
        }
    } catch (const sense7::Error &e) {
        error = e.message();
    }

    if (parser.isSet(screenshot)) {
        if (!error.isEmpty()) {
            qCritical("%s", qPrintable(error));
            return 1;
        }
        window.show();
        const QString file = parser.value(screenshot);
        const auto grabSoon = [&window, file] {
            QTimer::singleShot(200, &window, [&window, file] {
                const bool saved = window.grab().save(file, "PNG");
                if (!saved)
                    qCritical("Cannot write %s", qPrintable(file));
                QApplication::exit(saved ? 0 : 1);
            });
        };
        // The window as it is once a large data set's list is in, not while it is read.
        if (window.conversations()->isLoading())
            QObject::connect(window.conversations(), &sense7::ConversationTableModel::loaded,
                             &window, grabSoon, Qt::SingleShotConnection);
        else
            grabSoon();
        return QApplication::exec();
    }

    window.show();
    if (!error.isEmpty())
        QMessageBox::warning(&window, QApplication::translate("main", "Sense-7 Studio"), error);
    return QApplication::exec();
}
