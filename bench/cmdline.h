#pragma once

// The benchmarks' command lines: --help prints the usage, an unknown option or a wrong number of
// arguments is refused with a message and a non-zero exit, before anything is written.

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

namespace sense7::bench {

/** Processes the command line (exits on --help or an error); checks the positional count. */
inline void parseCommandLine(QCommandLineParser &parser, const QCoreApplication &app,
                             qsizetype minimum, qsizetype maximum)
{
    parser.addHelpOption();
    parser.process(app); // --help: the usage, exit 0; an unknown option: a message, exit 1
    const qsizetype count = parser.positionalArguments().size();
    if (count < minimum || count > maximum) {
        const QString expected = minimum == maximum
            ? QStringLiteral("%1 argument(s)").arg(minimum)
            : QStringLiteral("%1 to %2 arguments").arg(minimum).arg(maximum);
        std::fprintf(stderr, "%s: expected %s, not %d; see --help.\n",
                     qPrintable(QCoreApplication::applicationName()), qPrintable(expected),
                     int(count));
        std::exit(2);
    }
}

/** \a text as a whole number of at least 1, or a message naming \a what and exit 2. */
inline int positiveNumber(const QString &text, const char *what)
{
    bool ok = false;
    const int n = text.toInt(&ok);
    if (!ok || n < 1) {
        std::fprintf(stderr, "%s: %s must be a whole number of at least 1, not \"%s\".\n",
                     qPrintable(QCoreApplication::applicationName()), what, qPrintable(text));
        std::exit(2);
    }
    return n;
}

} // namespace sense7::bench
