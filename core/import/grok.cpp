// Grok data export (prod-grok-backend.json from accounts.x.ai): an object whose
// "conversations" list holds {"conversation": {id, title, create_time, ...},
// "responses": [{"response": {_id, message, sender ("human" or "assistant"), create_time
// ({"$date": {"$numberLong": "<ms>"}}), parent_response_id, model, partial, ...}}]}.
// The list is streamed; the export's other members ("projects", "tasks") are skipped. A
// regenerated answer shares its parent with the answer it replaced: the latest response is on
// the kept path and the others are kept as alternatives.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"
#include "times.h"
#include "tree.h"

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

} // namespace

void readGrok(QIODevice &in, const QString &source, ImportSink &sink)
{
    JsonArrayReader array(in, source, QByteArrayLiteral("conversations"));
    QByteArray bytes;
    while (!sink.cancelled() && array.next(bytes)) {
        const Json entry =
            parseElement(bytes, array, source, describe(tr("conversation"), array.index(), {}));
        sink.progress(array.bytesRead());
        const Json &head = child(entry, "conversation");
        const QString title = stringAt(head, "title");
        const QString where = QStringLiteral("%1: %2 (%3)")
                                  .arg(source, describe(tr("conversation"), array.index(), title),
                                       array.startPosition());
        const Json &responses = child(entry, "responses");
        if (!head.is_object() || !responses.is_array())
            throw Error(tr("%1: expected a \"conversation\" object and a list of \"responses\".")
                            .arg(where));
        ImportedConversation c;
        c.where = where;
        QVector<TreeMessage> nodes;
        nodes.reserve(qsizetype(responses.size()));
        bool tree = false;
        int position = 0;
        for (const Json &wrapper : responses) {
            ++position;
            const Json &response =
                wrapper.contains("response") ? child(wrapper, "response") : wrapper;
            if (!response.is_object())
                throw Error(
                    tr("%1: response %2 is not an object.").arg(where, QString::number(position)));
            const QString sender = stringAt(response, "sender").toLower();
            TreeMessage node;
            if (sender == QLatin1String("human") || sender == QLatin1String("user"))
                node.turn.role = Role::User;
            else if (sender == QLatin1String("assistant") || sender == QLatin1String("grok"))
                node.turn.role = Role::Assistant;
            else
                throw Error(
                    tr("%1: response %2 has sender \"%3\"; expected \"human\" or "
                       "\"assistant\".")
                        .arg(where, QString::number(position), stringAt(response, "sender")));
            const Json &message = child(response, "message");
            if (!message.is_string())
                throw Error(tr("%1: response %2 has no text (\"message\").")
                                .arg(where, QString::number(position)));
            node.turn.text = qs(message.get_ref<const std::string &>());
            node.turn.createdAt = timeOf(child(response, "create_time"), c, [&] {
                return tr("%1, response %2").arg(where, QString::number(position));
            });
            node.id = stringAt(response, "_id");
            if (node.id.isEmpty())
                node.id = QStringLiteral("#%1").arg(position);
            node.parent = stringAt(response, "parent_response_id");
            tree = tree || !node.parent.isEmpty();
            const QString model = stringAt(response, "model");
            if (!model.isEmpty() && node.turn.role == Role::Assistant)
                node.turn.meta.insert(QStringLiteral("model"), model);
            if (child(response, "partial") == true)
                node.turn.meta.insert(QStringLiteral("interrupted"), true);
            const qsizetype files = qsizetype(child(response, "file_attachments").size())
                + qsizetype(child(response, "image_attachments").size());
            if (files > 0)
                node.turn.meta.insert(QStringLiteral("attachments"), int(files));
            nodes.append(std::move(node));
        }
        if (!tree) { // an old export without parents: the responses in order
            for (int i = 1; i < nodes.size(); ++i)
                nodes[i].parent = nodes[i - 1].id;
        }
        if (nodes.isEmpty()) {
            sink.warning(tr("%1 has no messages and was skipped.").arg(where));
            continue;
        }
        // The latest response is on the branch the user last saw.
        int latest = 0;
        for (int i = 1; i < nodes.size(); ++i) {
            if (!nodes[latest].turn.createdAt.isValid()
                || (nodes[i].turn.createdAt.isValid()
                    && nodes[i].turn.createdAt >= nodes[latest].turn.createdAt))
                latest = i;
        }
        QStringList leftOut;
        const QString problem = keptPath(nodes, nodes[latest].id, c.turns, &leftOut);
        if (!problem.isEmpty()) {
            sink.warning(tr("%1 skipped: %2").arg(where, problem));
            continue;
        }
        if (const QString notice = leftOutNotice(leftOut, where); !notice.isEmpty())
            c.notices << notice;
        c.conversation.sourceFormat = QStringLiteral("grok");
        c.conversation.sourceId = stringAt(head, "id");
        c.conversation.title = title;
        c.conversation.startedAt =
            timeOf(child(head, "create_time"), c, [&]() -> const QString & { return where; });
        for (const Turn &t : std::as_const(c.turns)) {
            if (t.role == Role::Assistant && t.meta.contains(QStringLiteral("model"))) {
                c.conversation.agent = t.meta.value(QStringLiteral("model")).toString();
                break;
            }
        }
        for (Turn &t : c.turns) {
            if (t.meta.value(QStringLiteral("model")).toString() == c.conversation.agent)
                t.meta.remove(QStringLiteral("model"));
        }
        if (c.conversation.agent.isEmpty())
            c.conversation.agent = QStringLiteral("grok");
        if (!c.conversation.startedAt.isValid())
            c.conversation.startedAt = c.turns.constFirst().createdAt;
        if (c.conversation.title.isEmpty())
            c.conversation.title = c.turns.constFirst().text.left(60).simplified();
        sink.conversation(std::move(c));
    }
}

} // namespace sense7::import
