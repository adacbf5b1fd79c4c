#include "studysync.h"

#include "error.h"
#include "store.h"

#include <QDateTime>
#include <QLabel>
#include <QThread>
#include <QTimer>
#include <qt6keychain/keychain.h>

namespace sense7 {

namespace {

const QString keychainService = QStringLiteral("Sense-7 Studio");

QString clock(const QString &iso)
{
    const QDateTime at = QDateTime::fromString(iso, Qt::ISODateWithMs).toLocalTime();
    return at.time().toString(QStringLiteral("HH:mm"));
}

} // namespace

StudySync::StudySync(QObject *parent)
    : QObject(parent)
    , m_label(new QLabel)
    , m_every(new QTimer(this))
    , m_soon(new QTimer(this))
{
    m_label->setObjectName(QStringLiteral("syncStatus"));
    m_label->setAccessibleName(tr("Study server sync"));
    m_label->hide();
    m_every->setInterval(60 * 1000);
    connect(m_every, &QTimer::timeout, this, &StudySync::syncNow);
    m_soon->setSingleShot(true);
    m_soon->setInterval(3000);
    connect(m_soon, &QTimer::timeout, this, &StudySync::syncNow);
}

StudySync::~StudySync()
{
    if (m_thread)
        m_thread->wait();
    if (!m_label->parent())
        delete m_label;
}

QString StudySync::keychainKey(const QString &url)
{
    return QStringLiteral("study-server ") + sync::urlWithoutPassword(url);
}

void StudySync::setStore(Store *store)
{
    for (const auto &connection : std::as_const(m_storeConnections))
        disconnect(connection);
    m_storeConnections.clear();
    m_store = store;
    m_every->stop();
    m_soon->stop();
    m_password.clear();
    m_url.clear();
    m_path.clear();
    m_label->hide();
    if (!store || store->isReadOnly())
        return;
    const auto link = syncstore::link(*store);
    if (!link)
        return;
    m_path = store->path();
    m_url = link->url;
    m_storeConnections << connect(store, &Store::ratingChanged, this, &StudySync::soon)
                       << connect(store, &Store::annotationChanged, this, &StudySync::soon)
                       << connect(store, &Store::conversationsChanged, this, &StudySync::soon)
                       << connect(store, &Store::turnsWritten, this, &StudySync::soon);
    m_label->show();
    showWaiting();
    readPassword();
}

void StudySync::showWaiting()
{
    if (!m_store)
        return;
    const qint64 waiting = sync::waitingChanges(*m_store);
    const auto link = syncstore::link(*m_store);
    if (waiting == 0 && link && !link->lastSyncAt.isEmpty())
        m_label->setText(tr("Synced %1").arg(clock(link->lastSyncAt)));
    else
        m_label->setText(tr("%n change(s) waiting to sync", nullptr, int(waiting)));
}

void StudySync::readPassword()
{
    const QByteArray fromEnvironment = qgetenv("SENSE7_SERVER_PASSWORD");
    if (!fromEnvironment.isEmpty()) {
        m_password = QString::fromUtf8(fromEnvironment);
        m_every->start();
        syncNow();
        return;
    }
    auto *job = new QKeychain::ReadPasswordJob(keychainService, this);
    job->setKey(keychainKey(m_url));
    const QString url = m_url;
    connect(job, &QKeychain::Job::finished, this, [this, job, url] {
        if (url != m_url)
            return; // another data set by now
        if (job->error() != QKeychain::NoError) {
            m_label->setText(tr("Study server: password needed"));
            m_label->setToolTip(
                tr("The password for %1 is not in the system keychain: join the study again.")
                    .arg(url));
            return;
        }
        m_password = job->textData();
        m_every->start();
        syncNow();
    });
    job->start();
}

syncstore::Link StudySync::join(const sync::Study &study, sync::Sharing sharing,
                                const QString &password)
{
    if (!m_store)
        throw Error(tr("No data set is open."));
    syncstore::Link link = sync::join(*m_store, study, sharing);
    auto *job = new QKeychain::WritePasswordJob(keychainService, this);
    job->setKey(keychainKey(link.url));
    job->setTextData(password);
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        if (job->error() != QKeychain::NoError)
            m_label->setToolTip(
                tr("The password could not be kept in the system keychain: %1; it is asked for "
                   "again next time.")
                    .arg(job->errorString()));
    });
    job->start();
    Store *store = m_store;
    setStore(nullptr);
    setStore(store);
    // Sync at once with the password given, whatever the keychain does.
    m_password = password;
    m_every->start();
    syncNow();
    return link;
}

void StudySync::soon()
{
    if (!m_password.isEmpty())
        m_soon->start();
}

void StudySync::syncNow()
{
    if (m_path.isEmpty() || m_password.isEmpty())
        return;
    if (m_thread) {
        m_again = true;
        return;
    }
    m_again = false;
    const QString path = m_path, password = m_password;
    QThread *thread = QThread::create([this, path, password] {
        sync::Result result;
        try {
            // Its own connection: the studio's keeps rating while this one talks to the server.
            auto store = Store::open(path, Store::Access::ReadWrite, Store::Check::Never);
            result = sync::run(*store, password);
        } catch (const Error &e) {
            result.error = e.message();
            result.waiting = -1;
        }
        QMetaObject::invokeMethod(
            this, [this, result] { roundDone(result); }, Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    m_thread = thread;
    m_label->setToolTip(tr("Syncing with %1…").arg(m_url));
    thread->start(QThread::LowPriority);
}

void StudySync::roundDone(const sync::Result &result)
{
    m_last = result;
    if (!m_path.isEmpty()) {
        QStringList tip;
        if (result.ok()) {
            m_label->setText(tr("Synced %1").arg(clock(result.at)));
            tip << tr("Study server %1: sent %2, received %3.")
                       .arg(m_url, QString::number(result.pushed), QString::number(result.pulled));
        } else if (result.offline) {
            m_label->setText(tr("Offline — %n change(s) waiting", nullptr, int(result.waiting)));
            tip << result.error;
        } else {
            m_label->setText(tr("Sync failed — %n change(s) waiting", nullptr,
                                int(std::max<qint64>(result.waiting, 0))));
            tip << result.error;
        }
        for (const sync::Conflict &conflict : result.conflicts)
            tip << conflict.describe();
        m_label->setToolTip(tip.join(QLatin1Char('\n')));
    }
    Q_EMIT finished(result);
    if (m_again)
        QTimer::singleShot(0, this, &StudySync::syncNow);
}

} // namespace sense7
