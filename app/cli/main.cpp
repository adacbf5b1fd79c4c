// sense7: the command-line tool. Parses nothing itself; see commands.cpp.

#include "commands.h"
#include "i18n.h"

#include <QApplication>
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <cstring>
#include <memory>

int main(int argc, char *argv[])
{
    // `figures` draws with Qt Widgets (QCustomPlot), offscreen: no display is needed. Every
    // other command stays a plain QCoreApplication.
    std::unique_ptr<QCoreApplication> app;
    if (argc > 1 && std::strcmp(argv[1], "figures") == 0) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setOrganizationName(QStringLiteral("Sense-7"));
    QCoreApplication::setApplicationName(QStringLiteral("sense7"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SENSE7_VERSION));
    sense7::i18n::install();
    QTextStream out(stdout);
    QTextStream err(stderr);
    return sense7::cli::run(QCoreApplication::arguments(), out, err);
}
