#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <optional>

namespace sense7 {
class Store;
}

namespace sense7::cli {

inline QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::cli", text);
}

/** The command's help, with "Usage: sense7 import …" rather than the path it was started by. */
inline QString helpText(const QCommandLineParser &parser, const QStringList &arguments)
{
    QString text = parser.helpText();
    const QString program = QCoreApplication::arguments().value(0);
    const qsizetype at = program.isEmpty() ? -1 : text.indexOf(program);
    if (!arguments.isEmpty() && at >= 0)
        text.replace(at, program.size(), arguments.constFirst());
    return text;
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
        err << helpText(parser, arguments);
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
        out << helpText(parser, arguments);
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
            err << helpText(parser, arguments);
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

/** When \a store is damaged: prints that \a command wrote nothing and what to do; true. */
bool refuseDamaged(const Store &store, const QString &command, QTextStream &err);
/** When \a store is damaged, prints a warning that says what to do. */
void warnIfDamaged(const Store &store, QTextStream &err);

// Commands implemented outside commands.cpp.
int agreement(const QStringList &arguments, QTextStream &out, QTextStream &err);
int join(const QStringList &arguments, QTextStream &out, QTextStream &err);
int syncCommand(const QStringList &arguments, QTextStream &out, QTextStream &err);
int evaluate(const QStringList &arguments, QTextStream &out, QTextStream &err);
int mixedModel(const QStringList &arguments, QTextStream &out, QTextStream &err);
int classifyTurns(const QStringList &arguments, QTextStream &out, QTextStream &err);
int exportData(const QStringList &arguments, QTextStream &out, QTextStream &err);
int figures(const QStringList &arguments, QTextStream &out, QTextStream &err);
int check(const QStringList &arguments, QTextStream &out, QTextStream &err);
int backup(const QStringList &arguments, QTextStream &out, QTextStream &err);
int restore(const QStringList &arguments, QTextStream &out, QTextStream &err);
int recover(const QStringList &arguments, QTextStream &out, QTextStream &err);
int chat(const QStringList &arguments, QTextStream &out, QTextStream &err);
int protocolCommand(const QStringList &arguments, QTextStream &out, QTextStream &err);
int pull(const QStringList &arguments, QTextStream &out, QTextStream &err);
int serverCommand(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace sense7::cli
