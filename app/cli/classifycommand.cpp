// `sense7 classify`: ask an OpenAI-compatible endpoint to rate assistant turns.
#include "classify/classifier.h"
#include "cliutil.h"
#include "error.h"
#include "store.h"

#include <QEventLoop>

namespace sense7::cli {

namespace {

int positiveNumber(const QCommandLineParser &parser, const QString &name)
{
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < 1)
        throw Error(
            tr("--%1 needs a whole number of 1 or more, not “%2”.").arg(name, parser.value(name)));
    return value;
}

} // namespace

int classifyTurns(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Ask a model behind an OpenAI-compatible chat-completions endpoint (llama.cpp, Ollama, "
           "vLLM or a hosted service) to rate every reply on the turn-level dimensions of the data "
           "set's primary instrument (or --instrument). The answers are stored as annotator kind "
           "\"model\" named after the model. Turns whose "
           "prompt was answered before are not sent again. The API key is read from an environment "
           "variable and never stored."));
    parser.addOption({QStringLiteral("db"), tr("The data set."), QStringLiteral("DB")});
    parser.addOption({QStringLiteral("endpoint"),
                      tr("The endpoint, e.g. http://localhost:8080/v1."), QStringLiteral("URL")});
    parser.addOption({QStringLiteral("model"), tr("The model to ask."), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("conversation"),
                      tr("A conversation to rate (id, source id or content hash); repeat for more. "
                         "Default: all."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("instrument"),
                      tr("The instrument to rate with (default: the data set's primary "
                         "instrument)."),
                      QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("context"),
                      tr("Earlier turns shown before the rated reply (default: 8)."),
                      QStringLiteral("N"), QStringLiteral("8")});
    parser.addOption({QStringLiteral("concurrency"), tr("Requests at once (default: 4)."),
                      QStringLiteral("N"), QStringLiteral("4")});
    parser.addOption({QStringLiteral("timeout"),
                      tr("Seconds to wait for one answer (default: 60)."),
                      QStringLiteral("SECONDS"), QStringLiteral("60")});
    parser.addOption(
        {QStringLiteral("attempts"),
         tr("Tries per turn on timeouts, HTTP 429/5xx and malformed answers (default: 4)."),
         QStringLiteral("N"), QStringLiteral("4")});
    parser.addOption({QStringLiteral("api-key-env"),
                      tr("The environment variable holding the API key (default: SENSE7_API_KEY)."),
                      QStringLiteral("VAR"), QStringLiteral("SENSE7_API_KEY")});
    if (const auto done = parseOrExit(parser, arguments, 0, out, err))
        return *done;
    for (const char *required : {"db", "endpoint", "model"}) {
        if (!parser.isSet(QLatin1String(required))) {
            err << tr("sense7 classify needs --%1.").arg(QLatin1String(required)) << '\n'
                << helpText(parser, arguments);
            return 1;
        }
    }

    classify::Endpoint endpoint;
    endpoint.url = QUrl(parser.value(QStringLiteral("endpoint")));
    endpoint.model = parser.value(QStringLiteral("model"));
    endpoint.apiKey = qEnvironmentVariable(qPrintable(parser.value(QStringLiteral("api-key-env"))));
    endpoint.concurrency = positiveNumber(parser, QStringLiteral("concurrency"));
    endpoint.timeoutMs = positiveNumber(parser, QStringLiteral("timeout")) * 1000;
    endpoint.maxAttempts = positiveNumber(parser, QStringLiteral("attempts"));
    classify::PromptOptions prompt;
    prompt.contextTurns = positiveNumber(parser, QStringLiteral("context"));
    prompt.instrument = parser.value(QStringLiteral("instrument"));

    auto store = Store::open(parser.value(QStringLiteral("db")));
    if (refuseDamaged(*store, QStringLiteral("classify"), err))
        return 1;
    QVector<qint64> conversations;
    for (const QString &key : parser.values(QStringLiteral("conversation"))) {
        const qint64 id = store->findConversation(key);
        if (id == 0)
            throw Error(tr("No conversation “%1” in %2.").arg(key, store->path()));
        conversations << id;
    }
    if (conversations.isEmpty()) {
        const auto summaries = store->conversationSummaries();
        for (const auto &summary : summaries)
            conversations << summary.id;
    }

    classify::Classifier classifier(*store, endpoint, prompt);
    QEventLoop loop;
    QObject::connect(&classifier, &classify::Classifier::finished, &loop, &QEventLoop::quit);
    QObject::connect(&classifier, &classify::Classifier::turnFailed, &loop,
                     [&err](qint64, const QString &message) {
                         err << tr("warning: %1").arg(message) << Qt::endl;
                     });
    classifier.progress().setCallback([&err](qint64 done, qint64 total) {
        if (total > 0 && (done == total || done % std::max<qint64>(1, total / 10) == 0))
            err << tr("%1 of %2 turns").arg(done).arg(total) << Qt::endl;
    });
    classifier.start(conversations);
    loop.exec();

    const classify::RunSummary &s = classifier.summary();
    out << tr("%1: %2 turns rated, %3 unchanged and skipped, %4 failed; %5 requests.")
               .arg(endpoint.model, QString::number(s.predicted), QString::number(s.cached),
                    QString::number(s.failed), QString::number(s.requests))
        << Qt::endl;
    if (!s.fatal.isEmpty()) {
        err << tr("sense7 classify: %1").arg(s.fatal) << Qt::endl;
        return 1;
    }
    return s.failed == 0 ? 0 : 1;
}

} // namespace sense7::cli
