#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <optional>

namespace sense7::cli {

inline QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::cli", text);
}

/** Parses \a arguments for one command; on a usage error prints it and returns false. */
inline bool parse(QCommandLineParser &parser, const QStringList &arguments, int positionals,
                  QTextStream &err)
{
    parser.addHelpOption();
    if (!parser.parse(arguments)) {
        err << parser.errorText() << Qt::endl;
        return false;
    }
    if (parser.isSet(QStringLiteral("help")))
        return true;
    if (positionals >= 0 && parser.positionalArguments().size() != positionals) {
        err << parser.helpText();
        return false;
    }
    return true;
}

/**
 * Parses \a arguments and handles --help: returns the exit code when the command is done (help
 * printed: 0, usage error: 1), or nullopt when it should go on.
 */
inline std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &arguments,
                                      int positionals, QTextStream &out, QTextStream &err)
{
    if (!parse(parser, arguments, positionals, err))
        return 1;
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return 0;
    }
    return std::nullopt;
}

/** As above, and the \a required options must be given (else the help goes to \a err). */
inline std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &arguments,
                                      int positionals, QTextStream &out, QTextStream &err,
                                      const QStringList &required)
{
    if (const auto done = parseOrExit(parser, arguments, positionals, out, err))
        return done;
    for (const QString &option : required) {
        if (!parser.isSet(option)) {
            err << parser.helpText();
            return 1;
        }
    }
    return std::nullopt;
}

/** A statistic for a text table: three decimals, or a dash when it is undefined. */
inline QString decimal(const std::optional<double> &value, int width = 8)
{
    return value ? QStringLiteral("%1").arg(*value, width, 'f', 3)
                 : QStringLiteral("%1").arg(QStringLiteral("—"), width);
}

// Commands implemented outside commands.cpp.
int agreement(const QStringList &arguments, QTextStream &out, QTextStream &err);
int evaluate(const QStringList &arguments, QTextStream &out, QTextStream &err);
int classifyTurns(const QStringList &arguments, QTextStream &out, QTextStream &err);
int exportData(const QStringList &arguments, QTextStream &out, QTextStream &err);
int figures(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace sense7::cli
