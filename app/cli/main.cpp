// sense7: the command-line tool. Parses nothing itself; see commands.cpp.

#include "commands.h"
#include "i18n.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Sense-7"));
    QCoreApplication::setApplicationName(QStringLiteral("sense7"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SENSE7_VERSION));
    sense7::i18n::install();
    QTextStream out(stdout);
    QTextStream err(stderr);
    return sense7::cli::run(QCoreApplication::arguments(), out, err);
}
